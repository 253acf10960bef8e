// Loading one skill by name, for `skillset load`, a session's `load_skill` and the MCP server: the body
// composed over its `extends` parents, its imports as their own blocks, within the load's bounds
// (bytes, files imported; a note names what they left out), its other files listed, and the text
// the model receives.

import { skillsByName, walkExtends } from '../compose/extends.js';
import type { LoadLimits } from '../compose/import-limits.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { SkillsetError } from '../errors.js';
import type { FileSystem } from '../files/fs.js';
import type { LoadCut } from '../render/load-limit.js';
import { type LoadForm, renderLoadResult } from '../render/load-result.js';
import { type LoadedSkill, loadStage } from '../select/load.js';
import type { Candidate } from '../select/types.js';
import { estimateTokens } from '../skill/parse.js';
import type { Skill } from '../skill/types.js';

/** A loaded skill, and the text a `load_skill` call returns. */
export interface LoadView {
  id: string;
  name: string;
  path: string;
  dir: string;
  scope: Skill['source']['scope'];
  contentHash: string;
  /** The body, composed, without front matter and `@import` lines. */
  body: string;
  imports: Array<{ spec: string; file: string; text: string }>;
  /** What the load's bounds left out, when they left anything out (the text's note names it). */
  cut?: LoadCut;
  /** The folder's other files, listed and not read. */
  resources: string[];
  moreResources: number;
  /** The files composed: the skill, then each `extends` parent. */
  chain: string[];
  /** The file changed since discovery. */
  changed: boolean;
  /** What the model receives: the body wrapped (`<skill_content>` by default). */
  text: string;
  /** Its size in characters and estimated tokens. */
  chars: number;
  tokens: number;
}

/** `skill` as Load's one candidate: sized by its body, with its `extends` chain when it has one. */
function candidateOf(skill: Skill, chain: readonly Skill[]): Candidate {
  const chars = Math.max(0, skill.size.bytes - skill.bodyOffset);
  return {
    id: skill.id,
    name: skill.name,
    path: skill.path,
    scope: skill.source.scope,
    score: 100,
    tier: 'standard',
    chars,
    tokens: estimateTokens(chars),
    contentHash: skill.contentHash,
    ...(chain.length > 1 ? { chain: chain.map((s) => s.path) } : {}),
  };
}

/** Load `skill` from `skills` (its `extends` parents are looked up there). */
export async function loadSkill(
  skill: Skill,
  skills: readonly Skill[],
  o: { fs?: FileSystem; projectRoot?: string; form?: LoadForm; limits?: LoadLimits },
): Promise<{
  view: LoadView;
  diagnostics: Diagnostic[];
  /** The skills composed (the skill, then each parent) with the hash of each file as read now. */
  composed: Array<{ skill: Skill; contentHash: string }>;
}> {
  const byName = skillsByName(skills, (s) => s);
  const chain = walkExtends(
    skill,
    (s) => ({ name: s.id, path: s.path, extends: s.frontmatter.extends }),
    (n) => byName.get(n),
  ).chain;
  const r = await loadStage([candidateOf(skill, chain)], {
    ...(o.fs ? { fs: o.fs } : {}),
    ...(o.projectRoot ? { projectRoot: o.projectRoot } : {}),
    skills: new Map(chain.map((s) => [s.path, s])),
    ...(o.limits ? { limits: o.limits } : {}),
  });
  const loaded = r.loaded[0] as LoadedSkill | undefined;
  if (!loaded)
    throw new SkillsetError(
      'skill/unreadable',
      `The skill \`${skill.id}\` could not be read (${r.decisions[0]?.reason ?? 'unknown'})`,
      { hint: 'Check that its SKILL.md still exists and is readable.', data: { path: skill.path } },
    );
  const imports = loaded.imports.map((i) => ({ spec: i.spec, file: i.file, text: i.text }));
  const text = renderLoadResult(
    {
      name: skill.id,
      body: loaded.body,
      dir: skill.dir,
      imports,
      resources: loaded.resources,
      moreResources: loaded.moreResources,
      ...(loaded.cut ? { cut: loaded.cut } : {}),
    },
    o.form,
  );
  return {
    view: {
      id: skill.id,
      name: skill.name,
      path: skill.path,
      dir: skill.dir,
      scope: skill.source.scope,
      contentHash: loaded.contentHash,
      body: loaded.body,
      imports,
      ...(loaded.cut ? { cut: loaded.cut } : {}),
      resources: loaded.resources,
      moreResources: loaded.moreResources,
      chain: chain.map((s) => s.path),
      changed: loaded.changed,
      text,
      chars: text.length,
      tokens: estimateTokens(text.length),
    },
    diagnostics: r.diagnostics,
    composed: chain.flatMap((c) => {
      const read = loaded.sources.find((x) => x.file === c.path);
      return read ? [{ skill: c, contentHash: read.contentHash }] : [];
    }),
  };
}

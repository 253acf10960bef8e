// The Agent Skills discovery index (agentskills.io, "Well-Known URI", schema 0.2.0): a static
// `.well-known/agent-skills/index.json` and the artifact each entry names, so that any static host
// serves the library. A skill of one file is its SKILL.md (`skill-md`); any other is a deterministic
// `.tar.gz` of its folder (`archive`). Each entry's digest is the sha256 of its artifact's bytes.

import { createHash } from 'node:crypto';
import path from 'node:path';
import { tarGzOf } from '../files/tar-pack.js';
import { CLAUDE_CODE_LISTING, underBase } from './conventions.js';
import type { AgentConvention, DesiredFile, ExportSkill, ExportTargetModule } from './types.js';

const BASE = '.well-known/agent-skills';

/** The `$schema` of the index this target writes (the version marker of the discovery proposal). */
export const DISCOVERY_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

/** A name the Agent Skills spec allows: lowercase letters, digits and single inner hyphens. */
export const SPEC_NAME = /^(?=.{1,64}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** One entry of the index, its keys in the order the proposal lists them. */
export interface IndexEntry {
  name: string;
  type: 'skill-md' | 'archive';
  description: string;
  /** Relative to the index: resolved against its URL (RFC 3986), so the folder can move hosts. */
  url: string;
  /** `sha256:<hex>` of the artifact's bytes. */
  digest: string;
}

/** Why `skill` cannot be an entry of the index; undefined when it can. */
function leftOut(skill: ExportSkill): string | undefined {
  if (path.basename(skill.path) !== 'SKILL.md')
    return 'it is not a skill folder (no SKILL.md of its own)';
  if (!SPEC_NAME.test(skill.name))
    return `\`${skill.name}\` is not an Agent Skills name (a-z, 0-9 and single hyphens, 64 at most)`;
  const broken = skill.diagnostics?.find(
    (d) => d.severity === 'error' && d.code.startsWith('parse/'),
  );
  if (broken) return `its SKILL.md does not parse (${broken.code}: ${broken.message})`;
  if (skill.descriptionSource !== undefined && skill.descriptionSource !== 'frontmatter')
    return 'its front matter has no description';
  if (skill.description.trim() === '') return 'it has no description';
  if (skill.description.length > 1024) return 'its description is over 1,024 characters';
  return undefined;
}

const digestOf = (bytes: Buffer): string =>
  `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** The index's bytes: two-space JSON, entries by name, a final newline. */
export function indexText(skills: readonly IndexEntry[]): string {
  const sorted = [...skills].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return `${JSON.stringify({ $schema: DISCOVERY_SCHEMA, skills: sorted }, null, 2)}\n`;
}

/** The well-known target (docs/export.md). */
const wellKnownTarget: ExportTargetModule<'well-known'> = {
  name: 'well-known',
  base: BASE,
  shape: 'copies',
  isOwnPath: (p) => underBase(BASE, p),
  async render(entries, ctx) {
    const desired: DesiredFile[] = [];
    const skills: IndexEntry[] = [];
    for (const entry of entries) {
      const why = leftOut(entry.skill);
      if (why !== undefined) {
        ctx.warn(`${entry.skill.id}: ${why}; left out of the index`);
        continue;
      }
      const files = await ctx.readFolder(entry);
      if (files === undefined) continue; // readFolder said why
      if (!files.some((f) => f.rel === 'SKILL.md')) {
        ctx.warn(
          `${entry.skill.id}: its SKILL.md is a link out of its folder; left out of the index`,
        );
        continue;
      }
      const single = files.length === 1 && files[0]?.rel === 'SKILL.md';
      const url = single ? `${entry.stem}/SKILL.md` : `${entry.stem}.tar.gz`;
      const bytes = single ? (files[0]?.bytes ?? Buffer.alloc(0)) : tarGzOf(files);
      desired.push({ path: `${BASE}/${url}`, bytes });
      skills.push({
        name: entry.stem,
        type: single ? 'skill-md' : 'archive',
        description: entry.skill.description.trim(),
        url,
        digest: digestOf(bytes),
      });
    }
    desired.push({ path: `${BASE}/index.json`, bytes: Buffer.from(indexText(skills)) });
    return { desired, refused: [], keep: [] };
  },
};

/** The Agent Skills well-known index: an export target only (no agent reads skills from it locally). */
export const wellKnown = {
  name: 'well-known',
  target: wellKnownTarget,
  listing: CLAUDE_CODE_LISTING,
} as const satisfies AgentConvention<'well-known', 'well-known'>;

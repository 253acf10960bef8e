// Stage 6, Load: the only stage with effects. It reads each budgeted skill's file, checks it against
// the content hash it was scored with (a file changed since is loaded as it is now, and reported),
// resolves its `@import` lines within the load's bounds (compose-skill.ts), and lists the skill
// folder's other files (`references/`, `scripts/`, assets) without reading them.

import path from 'node:path';
import { DEFAULT_LOAD_LIMITS, type LoadLimits } from '../compose/import-limits.js';
import type { ImportedFile } from '../compose/imports.js';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import type { BodySource } from '../discover/body.js';
import { DEFAULT_MAX_FILE_BYTES } from '../discover/read.js';
import { type FileSystem, nodeFileSystem } from '../files/fs.js';
import { skillFolderFiles } from '../files/skill-folder.js';
import type { LoadCut } from '../render/load-limit.js';
import { type ComposedSkill, composeSkill } from './compose-skill.js';
import { type Candidate, decidedOn, type StageDecision } from './types.js';

/** A loaded skill. */
export interface LoadedSkill {
  id: string;
  name: string;
  path: string;
  tier: Candidate['tier'];
  score: number;
  /** The body, without front matter and `@import` lines; composed over its parents when it extends them. */
  body: string;
  /** Its imports, each its own block. */
  imports: ImportedFile[];
  /** What the load's bounds left out, when they left anything out. */
  cut?: LoadCut;
  /** The skill folder's other files (`references/`, `scripts/`, …), relative to it, sorted: available, not read. */
  resources: string[];
  /** Files past the listing's cap (`MAX_RESOURCES`), not listed. */
  moreResources: number;
  contentHash: string;
  /** The file changed between scoring and loading. */
  changed: boolean;
  /** Every SKILL.md composed, as read now: the skill, then each `extends` parent. */
  sources: Array<{ file: string; contentHash: string }>;
}

/** What Load needs. */
export interface LoadOptions {
  fs?: FileSystem;
  /** The project root imports may resolve against (default: none beyond the skill folder). */
  projectRoot?: string;
  /** The largest file read (default 1 MiB). */
  maxBytes?: number;
  /** The bounds of one load: bytes of body and imports, files imported (default 100,000 and 100). */
  limits?: LoadLimits;
  /**
   * Hold each skill to the size Budget counted for it (`chars`), below the bounds: a skill whose files
   * grew since it was sized is cut there, so what loads never passes what was budgeted.
   */
  holdToCounted?: boolean;
  /** The skills by SKILL.md path: a body is then read from the real file discovery confined. */
  skills?: ReadonlyMap<string, BodySource>;
}

/** How many of a skill folder's files a load lists at most. */
export const MAX_RESOURCES = 100;

/**
 * The files of a skill folder other than its SKILL.md, relative to it and sorted, without reading
 * them: at most `limit`, and how many more there are (counted up to 10,000).
 */
export async function listResources(
  fs: FileSystem,
  dir: string,
  skillFile: string,
  limit = MAX_RESOURCES,
): Promise<{ files: string[]; more: number }> {
  const files: string[] = [];
  let more = 0;
  const real = await fs.realpath(dir).catch(() => path.resolve(dir));
  const skillRel = path.relative(dir, skillFile).split(path.sep).join('/');
  for await (const item of skillFolderFiles(fs, dir, { dir: real, root: real })) {
    if (files.length + more >= 10_000) break;
    if (item.kind !== 'file' || item.rel === skillRel) continue;
    if (files.length < limit) files.push(item.rel);
    else more++;
  }
  return { files, more };
}

/** The loaded skill: its composed text, and its folder's other files listed (the imported ones are in it). */
async function loadedSkill(
  c: Candidate,
  composed: ComposedSkill,
  fs: FileSystem,
): Promise<LoadedSkill> {
  const { imports, cut } = composed;
  const dir = path.dirname(c.path);
  const imported = new Set(imports.map((i) => i.file));
  const all = await listResources(fs, dir, c.path);
  return {
    id: c.id,
    name: c.name,
    path: c.path,
    tier: c.tier,
    score: c.score,
    body: composed.body,
    imports,
    ...(cut ? { cut } : {}),
    resources: all.files.filter((f) => !imported.has(path.join(dir, f))),
    moreResources: all.more,
    contentHash: composed.own.contentHash,
    changed: composed.own.changed,
    sources: composed.sources,
  };
}

/** Why Load kept a skill: what changed, the imports, what the load's limit cut, the files listed. */
function loadReason(l: LoadedSkill): string {
  const { cut } = l;
  const cutText = cut?.part
    ? `, in part to fit its share of the budget (${cut.body ? `the body cut after ${cut.body.kept} of ${cut.body.size} bytes` : 'the body whole'}, ${cut.imports.length + cut.more} @import line(s) left out)`
    : cut
      ? `, cut at the load's limit of ${cut.maxBytes} bytes (${cut.imports.length + cut.more} @import line(s) left out${cut.body ? ', the body cut' : ''})`
      : '';
  return `loaded${l.changed ? ' (changed since scoring)' : ''}; ${l.imports.length} import(s)${cutText}, ${l.resources.length + l.moreResources} other file(s) listed`;
}

/** What a part's note is counted as, in bytes, within its share (a name and a line or two). */
export const PART_NOTE_BYTES = 512;

/**
 * The bytes a skill may load: its part (Budget's share, less room for the note) when it loads in
 * part; else what Budget counted when held to it; else the load's limit.
 */
function loadBound(c: Candidate, limit: number, held: boolean): number {
  if (c.whole) return Math.min(limit, Math.max(0, c.chars - PART_NOTE_BYTES));
  return held ? Math.min(limit, c.chars) : limit;
}

/** Load `candidates` (Budget's load set, in order). */
export async function loadStage(
  candidates: readonly Candidate[],
  options: LoadOptions = {},
): Promise<{ loaded: LoadedSkill[]; decisions: StageDecision[]; diagnostics: Diagnostic[] }> {
  const fs = options.fs ?? nodeFileSystem;
  const loaded: LoadedSkill[] = [];
  const decisions: StageDecision[] = [];
  const diagnostics: Diagnostic[] = [];
  const limits = options.limits ?? DEFAULT_LOAD_LIMITS;
  for (const c of candidates) {
    let composed: ComposedSkill;
    try {
      composed = await composeSkill(c, {
        fs,
        ...(options.projectRoot ? { projectRoot: options.projectRoot } : {}),
        limits,
        maxBytes: loadBound(c, limits.maxBytes, options.holdToCounted === true),
        ...(c.whole ? { part: true } : {}),
        maxFileBytes: options.maxBytes ?? DEFAULT_MAX_FILE_BYTES,
        ...(options.skills ? { skills: options.skills } : {}),
      });
    } catch (e) {
      diagnostics.push(
        diagnostic(
          'select/unreadable',
          'error',
          c.path,
          `The skill could not be read to load it (${(e as Error).message}); not loaded`,
        ),
      );
      decisions.push({
        stage: 'load',
        ...decidedOn(c),
        outcome: 'dropped',
        reason: `unreadable: ${(e as Error).message}`,
      });
      continue;
    }
    const { changed } = composed.own;
    if (changed)
      diagnostics.push(
        diagnostic(
          'select/changed-since-scored',
          'warning',
          c.path,
          'The skill changed between scoring and loading; loaded as it is now',
        ),
      );
    diagnostics.push(...composed.diagnostics);
    const skill = await loadedSkill(c, composed, fs);
    loaded.push(skill);
    decisions.push({ stage: 'load', ...decidedOn(c), outcome: 'kept', reason: loadReason(skill) });
  }
  return { loaded, decisions, diagnostics };
}

// Sizing, Budget's first step: each candidate counted as Load will compose it (its body, its
// `extends` parents and its `@import`ed files, within the load's bounds), so that the budget holds on
// what loads. Its files are read as far as the count matters and no further: past `cap` a skill
// cannot fit, so it is counted as `cap` and not measured on.

import { DEFAULT_LOAD_LIMITS, type LoadLimits } from '../compose/import-limits.js';
import type { BodySource } from '../discover/body.js';
import { DEFAULT_MAX_FILE_BYTES } from '../discover/read.js';
import { type FileSystem, nodeFileSystem } from '../files/fs.js';
import { estimateTokens } from '../skill/parse.js';
import { type ComposedSkill, composeSkill } from './compose-skill.js';
import { type Candidate, decidedOn, type StageDecision, type StageOutput } from './types.js';

/** What sizing needs. */
export interface SizeOptions {
  fs?: FileSystem;
  /** The project root imports may resolve against. */
  projectRoot?: string;
  /** The bounds of one load (default 100,000 bytes and 100 files). */
  limits?: LoadLimits;
  /** Measure no further than this many bytes: a skill past it cannot fit the budget. */
  cap: number;
  /** The largest file read (default 1 MiB). */
  maxFileBytes?: number;
  /**
   * What is known of skill files, by path and content hash: true for a file with no `@import` in it
   * (kept across runs over one catalog, so that each file is looked at once).
   */
  plain?: Map<string, boolean>;
  /** The skills by SKILL.md path: each body is then read from the real file discovery confined. */
  skills?: ReadonlyMap<string, BodySource>;
}

const IMPORT = Buffer.from('@import');

/** Does no file of `c` (its own, its parents') hold `@import`? Then it loads as Resolve sized it. */
async function plainFiles(
  c: Candidate,
  fs: FileSystem,
  maxFileBytes: number,
  known: Map<string, boolean>,
): Promise<boolean> {
  const files = c.chain ?? [c.path];
  for (const [i, file] of files.entries()) {
    // The skill's own file is known by its hash; a parent was not scored, so it is read each time.
    const key = i === 0 ? `${file}\0${c.contentHash}` : undefined;
    let plain = key !== undefined ? known.get(key) : undefined;
    if (plain === undefined) {
      const r = await fs.readFile(file, maxFileBytes).catch(() => undefined);
      plain = r?.ok === true && !r.bytes.includes(IMPORT);
      if (key !== undefined) known.set(key, plain);
    }
    if (!plain) return false;
  }
  return true;
}

/** The byte count past which a skill cannot fit `limit` of `unit` (tokens are bytes / 4, rounded up). */
export function sizeCap(limit: number, unit: 'chars' | 'tokens'): number {
  return unit === 'tokens' ? limit * 4 + 1 : limit + 1;
}

/** Count each of `candidates` as its whole composed text: body, parents and imports. */
export async function sizeStage(
  candidates: readonly Candidate[],
  o: SizeOptions,
): Promise<StageOutput> {
  const fs = o.fs ?? nodeFileSystem;
  const limits = o.limits ?? DEFAULT_LOAD_LIMITS;
  const cap = Math.min(limits.maxBytes, o.cap);
  const maxFileBytes = o.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const known = o.plain ?? new Map<string, boolean>();
  const out: Candidate[] = [];
  const decisions: StageDecision[] = [];
  for (const c of candidates) {
    // Its body (and parents) alone reach the cap, or nothing imports: nothing more to know.
    if (c.chars >= cap || (await plainFiles(c, fs, maxFileBytes, known))) {
      out.push(c);
      continue;
    }
    let composed: ComposedSkill;
    try {
      composed = await composeSkill(c, {
        fs,
        ...(o.skills ? { skills: o.skills } : {}),
        ...(o.projectRoot ? { projectRoot: o.projectRoot } : {}),
        limits,
        maxBytes: cap,
        maxFileBytes,
        readBeyond: cap,
      });
    } catch {
      out.push(c); // unreadable now: Load says so
      continue;
    }
    const chars = composed.over
      ? Math.max(cap, c.chars)
      : Math.max(c.chars, composed.bodyBytes) + composed.importBytes;
    if (chars === c.chars) {
      out.push(c);
      continue;
    }
    out.push({ ...c, chars, tokens: estimateTokens(chars) });
    const n = composed.imports.length;
    decisions.push({
      stage: 'budget',
      ...decidedOn(c),
      outcome: 'kept',
      reason: !composed.over
        ? `sized as it loads: ${chars} chars, its ${n} import(s) ${composed.importBytes} of them`
        : cap === limits.maxBytes
          ? `sized as it loads: with its imports it passes the load's limit of ${cap} bytes, so it counts ${chars} chars and loads cut there`
          : `sized: with its imports it needs more than ${cap - 1} chars, more than the budget holds (measured no further)`,
    });
  }
  return { candidates: out, decisions };
}

// A warm start's second shortcut: what resolution made of the roots' scans the last time. When every
// root's snapshot still holds, is the one resolution read, and has every record kept (nothing to read
// again), the catalog is rebuilt in its final order from those snapshots: no candidates, no
// resolution. Anything else, and resolution runs as usual; its result is kept when every root was a
// snapshot that holds whole. Only root snapshots of the real file system hold, so it reads and
// writes node:fs.

import nodeFs from 'node:fs';
import path from 'node:path';
import { type Candidate, type Decision, freeze, type Resolution } from '../catalog/resolve.js';
import { type Diagnostic, isDiagnosticList } from '../diagnostics/diagnostic.js';
import { withChanges } from '../skill/changes.js';
import type { Skill } from '../skill/types.js';
import { cacheFile, makeDirs, writeFileAtomically } from '../util/dirs.js';
import type { SnapshotHit } from './root-snapshot.js';
import { recordAt } from './scan-snapshot.js';
import type { RootSpec } from './scopes.js';
import { asciiJson } from './snapshot-file.js';

/** Bump when the file's shape, or what resolution keeps, changes. */
const CATALOG_VERSION = 1;

/** Records by column: each one's root and place in its walk, and what resolution changed in it. */
interface Records {
  root: number[];
  found: number[];
  /** A new id (a name qualified by its folder), or null. */
  id: Array<string | null>;
  /** Diagnostics resolution added, by record, for those it added any to. */
  added: Record<string, Diagnostic[]>;
}

interface CatalogFile {
  version: number;
  /** The snapshot each root was read from: its file and the write that made it. */
  scans: Array<{ file: string; nonce: string }>;
  skills: Records;
  shadowed: Records;
  diagnostics: Diagnostic[];
  decisions: Decision[];
}

/** What discovery returns, but its roots. */
export type CatalogParts = Pick<Resolution, 'skills' | 'shadowed' | 'decisions' | 'diagnostics'>;

const DECISION_KINDS: ReadonlySet<unknown> = new Set<Decision['kind']>([
  'duplicate',
  'qualified',
  'shadowed',
]);

/** Is `x` a list of resolution's decisions (read back from the file, it may be damaged)? */
function isDecisionList(x: unknown): x is Decision[] {
  return (
    Array.isArray(x) &&
    x.every(
      (d: Decision) =>
        typeof d === 'object' &&
        d !== null &&
        DECISION_KINDS.has(d.kind) &&
        typeof d.path === 'string' &&
        typeof d.id === 'string' &&
        typeof d.reason === 'string' &&
        (d.winner === undefined || typeof d.winner === 'string'),
    )
  );
}

/** Does every root's snapshot hold whole, and is it the one the file was made from? */
function sameScans(c: CatalogFile, hits: readonly SnapshotHit[]): boolean {
  return (
    Array.isArray(c.scans) &&
    c.scans.length === hits.length &&
    hits.every((h, i) => h.whole && c.scans[i]?.file === h.file && c.scans[i].nonce === h.nonce)
  );
}

/** The records of `r`, built from the snapshots; undefined when one is not a kept record. */
function build(
  r: Records,
  hits: readonly SnapshotHit[],
  roots: readonly RootSpec[],
): Skill[] | undefined {
  if (
    !r ||
    !Array.isArray(r.root) ||
    !Array.isArray(r.found) ||
    !Array.isArray(r.id) ||
    r.found.length !== r.root.length ||
    r.id.length !== r.root.length ||
    typeof r.added !== 'object' ||
    r.added === null
  )
    return undefined;
  const out = new Array<Skill>(r.root.length);
  for (let k = 0; k < r.root.length; k++) {
    const at = r.root[k] as number;
    const i = r.found[k] as number;
    const hit = hits[at];
    const spec = roots[at];
    if (!hit || !spec || typeof i !== 'number' || typeof hit.hash[i] !== 'string') return undefined;
    const record = recordAt(hit, i, spec);
    const id = r.id[k];
    const added = r.added[k];
    if (
      (id !== null && typeof id !== 'string') ||
      (added !== undefined && !isDiagnosticList(added))
    )
      return undefined;
    out[k] =
      id === null && added === undefined
        ? record
        : freeze(withChanges(record, { ...(id !== null ? { id } : {}), diagnostics: added ?? [] }));
  }
  return out;
}

/** What resolution changed in each of `records`, made from the candidates `of` finds; undefined when one is not. */
function columns(
  records: readonly Skill[],
  of: (s: Skill) => Candidate | undefined,
): Records | undefined {
  const r: Records = { root: [], found: [], id: [], added: {} };
  for (const [k, s] of records.entries()) {
    const c = of(s);
    const from = c?.skill;
    if (
      !c ||
      !from ||
      s.dir !== from.dir ||
      s.diagnostics.length < from.diagnostics.length ||
      from.diagnostics.some((d, j) => s.diagnostics[j] !== d)
    )
      return undefined;
    r.root.push(c.rootIndex);
    r.found.push(c.order);
    r.id.push(s.id === from.id ? null : s.id);
    if (s.diagnostics.length > from.diagnostics.length)
      r.added[k] = s.diagnostics.slice(from.diagnostics.length);
  }
  return r;
}

/** The catalog of one set of roots, kept in the cache folder. */
export class CatalogSnapshot {
  private constructor(private readonly file: string) {}

  /** The catalog of the roots and resolution settings `key` names. */
  static open(cacheDir: string, key: string): CatalogSnapshot {
    return new CatalogSnapshot(cacheFile(cacheDir, 'catalog', `${CATALOG_VERSION}\0${key}`));
  }

  /** The catalog resolution made of these very scans (`hits`, one per root), if kept. */
  load(hits: readonly SnapshotHit[], roots: readonly RootSpec[]): CatalogParts | undefined {
    let c: CatalogFile;
    try {
      c = JSON.parse(nodeFs.readFileSync(this.file, 'latin1')) as CatalogFile;
    } catch {
      return undefined;
    }
    if (
      !c ||
      c.version !== CATALOG_VERSION ||
      !isDiagnosticList(c.diagnostics) ||
      !isDecisionList(c.decisions) ||
      !sameScans(c, hits)
    )
      return undefined;
    const skills = build(c.skills, hits, roots);
    const shadowed = skills && build(c.shadowed, hits, roots);
    if (!skills || !shadowed) return undefined;
    return { skills, shadowed, diagnostics: c.diagnostics, decisions: c.decisions };
  }

  /**
   * Keep what resolution made of `candidates`, read from `hits` (one whole snapshot per root). Each
   * record is kept as its root and walk place, with what resolution changed in it.
   */
  save(hits: readonly SnapshotHit[], candidates: readonly Candidate[], result: CatalogParts): void {
    if (!hits.every((h) => h.whole)) return;
    // Each record is found by its root (its `source`, one per root) and its path in that root.
    const rootOf = new Map<Skill['source'], number>();
    const by = new Map<string, Candidate>();
    for (const c of candidates) {
      const key = `${c.rootIndex}\0${c.skill.path}`;
      const root = rootOf.get(c.skill.source);
      if (by.has(key) || (root !== undefined && root !== c.rootIndex)) return;
      rootOf.set(c.skill.source, c.rootIndex);
      by.set(key, c);
    }
    const of = (s: Skill): Candidate | undefined => by.get(`${rootOf.get(s.source)}\0${s.path}`);
    const skills = columns(result.skills, of);
    const shadowed = columns(result.shadowed, of);
    if (!skills || !shadowed) return;
    const c: CatalogFile = {
      version: CATALOG_VERSION,
      scans: hits.map((h) => ({ file: h.file, nonce: h.nonce })),
      skills,
      shadowed,
      diagnostics: result.diagnostics,
      decisions: result.decisions,
    };
    try {
      makeDirs(path.dirname(this.file));
      writeFileAtomically(this.file, asciiJson(c));
    } catch {
      // A cache is an optimisation: failing to write one is not an error.
    }
  }
}

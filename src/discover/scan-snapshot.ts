// One root's scan rebuilt from a snapshot that still holds (root-snapshot.ts): each kept head makes
// its record directly, its front matter read on need; the other files are read as a scan reads them.

import nodeFs from 'node:fs';
import path from 'node:path';
import { freeze, type RootScan } from '../catalog/resolve.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { FileSystem } from '../files/fs.js';
import { parseSkillFile } from '../skill/parse.js';
import type { ParsedSkillFile } from '../skill/types.js';
import { mapBounded, READS_IN_FLIGHT } from '../util/bounded.js';
import { type Head, LazyParsed } from './compact.js';
import { type ReadSkill, readFoundSkill } from './read.js';
import { type RecordHead, SkillRecord } from './record.js';
import type { SnapshotHit } from './root-snapshot.js';
import type { RootSpec } from './scopes.js';
import { below, relOf } from './snapshot-file.js';
import type { FoundSkill } from './walk.js';

const NONE: readonly Diagnostic[] = Object.freeze([]);

/** A found file's candidate, as a scan makes it (`r` read, or made from a kept head). */
export function candidateOf(
  f: FoundSkill,
  r: Extract<ReadSkill, { ok: true }>,
  spec: RootSpec,
  realRoot: string,
  order: number,
): RootScan['candidates'][number] {
  const name = f.rel === '' ? path.basename(spec.path) : path.basename(f.dir);
  const skill = freeze(new SkillRecord(r.parsed, spec, f.file, name, r.realPath, r.diagnostics));
  return {
    skill,
    order,
    // Direct: no link on the way, neither the SKILL.md nor any folder between the root and it.
    direct:
      f.kind === 'file' &&
      f.realDir === (f.rel === '' ? realRoot : `${realRoot}/${f.rel}`) &&
      r.realPath === `${f.realDir}/${path.basename(f.file)}`,
    rel: f.rel,
  };
}

/** The scan of `spec` that the snapshot `hit` keeps; files it keeps no record of are read again. */
export async function rescan(
  hit: SnapshotHit,
  spec: RootSpec,
  fs: FileSystem,
  maxBytes: number,
  onRead?: (realPath: string, bytes: Buffer) => void,
): Promise<RootScan> {
  const { root, realRoot, folders } = hit;
  const n = hit.dir.length;
  const found = (i: number): FoundSkill => {
    const dir = folders[hit.dir[i] as number] as string;
    const rel = relOf(root, dir);
    return {
      file: hit.path[i] as string,
      dir,
      rel,
      realDir: below(realRoot, rel),
      kind: hit.kind[i] as FoundSkill['kind'],
    };
  };
  const others: number[] = [];
  for (let i = 0; i < n; i++) if (hit.hash[i] === null) others.push(i);
  const read = await mapBounded(others, READS_IN_FLIGHT, (i) =>
    readFoundSkill(fs, found(i), realRoot, maxBytes, undefined, onRead),
  );
  const out: RootScan = { candidates: [], diagnostics: [...hit.diagnostics] };
  let k = 0;
  for (let i = 0; i < n; i++) {
    const hash = hit.hash[i];
    if (hash === null || hash === undefined) {
      const r = read[k++] as ReadSkill;
      if (r.ok) out.candidates.push(candidateOf(found(i), r, spec, realRoot, i));
      else out.diagnostics.push(...r.diagnostics);
      continue;
    }
    const rel = relOf(root, folders[hit.dir[i] as number] as string);
    out.candidates.push({ skill: recordAt(hit, i, spec), order: i, direct: true, rel });
  }
  return out;
}

/** The head the snapshot keeps of its found file `i`, but its description (read on first need). */
function headAt(hit: SnapshotHit, i: number): RecordHead {
  return {
    loadable: true,
    descriptionSource: hit.source[i] as ParsedSkillFile['descriptionSource'],
    contentHash: hit.hash[i] as string,
    bytes: hit.bytes[i] as number,
    bodyOffset: hit.bodyOffset[i] as number,
    bodyLine: hit.bodyLine[i] as number,
    diagnostics: hit.headDiagnostics[i] ?? (NONE as Diagnostic[]),
  };
}

/**
 * The description of a kept record whose snapshot no longer has it at hand (its second line damaged):
 * the file's own, parsed again.
 */
function describeFile(file: string): string {
  try {
    return parseSkillFile(nodeFs.readFileSync(file), file).description;
  } catch {
    return '';
  }
}

/**
 * A kept record's parse: its plain fields read from the snapshot, its description and front matter
 * decoded on first need (a search reads neither, so a warm start makes one small object a record).
 */
class SnapshotParsed {
  readonly #hit: SnapshotHit;
  readonly #i: number;
  #lazy: LazyParsed | undefined;

  constructor(hit: SnapshotHit, i: number) {
    this.#hit = hit;
    this.#i = i;
  }

  #head(): Head {
    return { ...headAt(this.#hit, this.#i), description: this.description };
  }

  #parse(): LazyParsed {
    this.#lazy ??= new LazyParsed(this.#head(), this.#hit, this.#hit.path[this.#i] as string);
    return this.#lazy;
  }

  get loadable(): boolean {
    return true;
  }
  get description(): string {
    return this.#hit.describe(this.#i) ?? describeFile(this.#hit.path[this.#i] as string);
  }
  get descriptionSource(): Head['descriptionSource'] {
    return this.#hit.source[this.#i] as Head['descriptionSource'];
  }
  get contentHash(): string {
    return this.#hit.hash[this.#i] as string;
  }
  get bytes(): number {
    return this.#hit.bytes[this.#i] as number;
  }
  get bodyOffset(): number {
    return this.#hit.bodyOffset[this.#i] as number;
  }
  get bodyLine(): number {
    return this.#hit.bodyLine[this.#i] as number;
  }
  get diagnostics(): Diagnostic[] {
    return this.#hit.headDiagnostics[this.#i] ?? (NONE as Diagnostic[]);
  }
  get frontmatter(): ParsedSkillFile['frontmatter'] {
    return (this.#parse() as unknown as ParsedSkillFile).frontmatter;
  }
  get raw(): ParsedSkillFile['raw'] {
    return (this.#parse() as unknown as ParsedSkillFile).raw;
  }
  get positions(): ParsedSkillFile['positions'] {
    return (this.#parse() as unknown as ParsedSkillFile).positions;
  }
  get scalarSources(): ParsedSkillFile['scalarSources'] {
    return (this.#parse() as unknown as ParsedSkillFile).scalarSources;
  }
}

/**
 * The record of the found file `i` of a snapshot that keeps its head: a plain file reached directly
 * (the snapshot keeps no other), its front matter read on need.
 */
export function recordAt(hit: SnapshotHit, i: number, spec: RootSpec): SkillRecord {
  const { root, realRoot } = hit;
  const dir = hit.folders[hit.dir[i] as number] as string;
  const file = hit.path[i] as string;
  const parsed = new SnapshotParsed(hit, i) as unknown as ParsedSkillFile;
  const name = dir === root ? path.basename(root) : dir.slice(dir.lastIndexOf('/') + 1);
  // The same string when the root is its own real path (most are): one copy for every record.
  const realPath = realRoot === root ? file : `${realRoot}${file.slice(root.length)}`;
  return freeze(new SkillRecord(parsed, spec, file, name, realPath, NONE, dir, headAt(hit, i)));
}

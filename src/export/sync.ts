// The engine under export and the tier build: read the manifest, plan one owner's files against the
// out folder, then write and remove (or, with `check`, report drift), and record what was written.

import path from 'node:path';
import type { Refusal, Rendered } from '../agents/types.js';
import { SkillsetError } from '../errors.js';
import type { FileSystem } from '../files/fs.js';
import { outPath, readExisting, removeDirIfEmpty, writeWhole } from './fs.js';
import {
  emptyManifest,
  MANIFEST_FILE,
  type Manifest,
  parseManifest,
  serializeManifest,
} from './manifest.js';
import { type ExportPlan, planExport } from './plan.js';
import type { ExistingFile } from './types.js';

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A manifest as read: its value, and its bytes as found (undefined when there is none). */
export interface ReadManifest {
  manifest: Manifest;
  bytes: Buffer | undefined;
}

/** The manifest in the out folder, and its bytes as found (undefined when there is none). */
export async function readManifest(
  fs: FileSystem,
  outDir: string,
  force: boolean,
  warnings: string[],
): Promise<ReadManifest> {
  const file = outPath(outDir, MANIFEST_FILE);
  const found = await readExisting(fs, file);
  if (found === undefined) return { manifest: emptyManifest(), bytes: undefined };
  const parsed =
    found.kind === 'file'
      ? parseManifest(found.bytes.toString('utf8'))
      : { ok: false as const, reason: `it is a ${found.what}` };
  if (parsed.ok) {
    for (const p of parsed.dropped)
      warnings.push(`${MANIFEST_FILE} names ${p}, not a file of its target; ignored`);
    return { manifest: parsed.manifest, bytes: found.kind === 'file' ? found.bytes : undefined };
  }
  if (!force)
    throw new SkillsetError(
      'export/unreadable-manifest',
      `${file} cannot be read (${parsed.reason}), so which files skillset wrote is unknown`,
      { hint: 'Fix or delete it, or pass --force to treat every file as not ours and start over.' },
    );
  warnings.push(`${MANIFEST_FILE} cannot be read (${parsed.reason}); starting a new one`);
  return { manifest: emptyManifest(), bytes: found.kind === 'file' ? found.bytes : undefined };
}

/** Carry out a plan: writes, then removals (and the folders they leave empty), then the manifest. */
async function apply(
  fs: FileSystem,
  outDir: string,
  owner: { key: string; base: string },
  plan: ExportPlan,
  manifest: ReadManifest,
): Promise<{ written: string[]; removed: string[] }> {
  const written: string[] = [];
  const removed: string[] = [];
  let at = '';
  try {
    for (const w of plan.write) {
      at = w.path;
      // A change of the executable bit alone rewrites the same bytes with the new mode.
      await writeWhole(fs, outPath(outDir, w.path), w.bytes, w.executable === true);
      written.push(w.path);
    }
    for (const p of plan.remove) {
      at = p;
      await fs.rm(outPath(outDir, p));
      removed.push(p);
      // The folders it leaves empty, up to (not including) the owner's base.
      for (
        let dir = path.posix.dirname(p);
        dir !== '.' && (owner.base === '' || dir.startsWith(`${owner.base}/`));
        dir = path.posix.dirname(dir)
      )
        if (!(await removeDirIfEmpty(fs, outPath(outDir, dir)))) break;
    }
    const next: Manifest = {
      version: 1,
      targets: { ...manifest.manifest.targets, [owner.key]: plan.files },
    };
    const bytes = serializeManifest(next);
    const empty = Object.values(next.targets).every((f) => !f || Object.keys(f).length === 0);
    if (!(manifest.bytes?.equals(bytes) ?? empty)) {
      at = MANIFEST_FILE;
      await writeWhole(fs, outPath(outDir, MANIFEST_FILE), bytes);
      written.push(MANIFEST_FILE);
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new SkillsetError(
      'export/write-failed',
      `Cannot write ${outPath(outDir, at)} (${code})`,
      {
        cause: e,
        hint: 'Check that the out folder is writable; files written so far are kept and the next run picks them up.',
        data: { written, removed },
      },
    );
  }
  return { written, removed };
}

/** One owner of files in the out folder: an export target, or a tier. */
export interface SyncRequest {
  /** Its key in the manifest: a target's name, or `tier:<name>`. */
  key: string;
  /** The folder its files go under, relative to the out folder ('' for the out folder itself). */
  base: string;
  rendered: Rendered;
  check: boolean;
  force: boolean;
  /** Files taken as written by skillset when the manifest has no entry for `key` yet: path → hash. */
  adopted?: Readonly<Record<string, string>>;
}

/** What a sync did (or, with `check`, would do); paths sorted. */
export interface SyncResult {
  written: string[];
  unchanged: string[];
  removed: string[];
  /** With `check`: every file a run would write, remove or refuse. */
  drift: string[];
  refused: Refusal[];
  /** With `check`: the files a run would write that are not there yet (the rest of `drift` is there). */
  missing: string[];
}

/**
 * Bring one owner's files in `outDir` in line with what it wants: files the manifest says skillset
 * wrote (and that are unchanged since) are rewritten and removed freely, any other file only with
 * `force`; with `check`, nothing is written and `drift` lists what a run would change.
 */
export async function syncFiles(
  fs: FileSystem,
  outDir: string,
  req: SyncRequest,
  manifest: ReadManifest,
): Promise<SyncResult> {
  const { rendered } = req;
  const recorded = manifest.manifest.targets[req.key] ?? req.adopted ?? {};
  const existing = new Map<string, ExistingFile>();
  for (const p of new Set([...rendered.desired.map((d) => d.path), ...Object.keys(recorded)])) {
    const found = await readExisting(fs, outPath(outDir, p));
    if (found) existing.set(p, found);
  }
  const plan = planExport({
    desired: rendered.desired,
    existing,
    recorded,
    force: req.force,
    keep: rendered.keep,
  });
  const result: SyncResult = {
    written: [],
    unchanged: plan.unchanged,
    removed: [],
    drift: [],
    refused: [...rendered.refused, ...plan.refused].sort((a, b) => byCodeUnit(a.path, b.path)),
    missing: [],
  };
  if (req.check) {
    const drift = new Set([
      ...plan.write.map((w) => w.path),
      ...plan.remove,
      ...result.refused.map((r) => r.path),
    ]);
    result.drift = [...drift].sort(byCodeUnit);
    result.missing = plan.write.filter((w) => !existing.has(w.path)).map((w) => w.path);
    return result;
  }
  const done = await apply(fs, outDir, req, plan, manifest);
  result.written = done.written.sort(byCodeUnit);
  result.removed = done.removed.sort(byCodeUnit);
  return result;
}

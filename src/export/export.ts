// exportSkills: render a target, read the out folder, plan, then write (or, with `check`, report drift).

import path from 'node:path';
import { SkillsetError } from '../errors.js';
import { exportEntries } from './entries.js';
import { type ExportFs, nodeExportFs, outPath, readExisting } from './fs.js';
import {
  emptyManifest,
  MANIFEST_FILE,
  type Manifest,
  parseManifest,
  serializeManifest,
  targetBase,
} from './manifest.js';
import { type ExportPlan, planExport } from './plan.js';
import { renderTarget } from './render.js';
import { exportSources } from './sources.js';
import {
  EXPORT_TARGETS,
  type ExistingFile,
  type ExportOptions,
  type ExportResult,
  type ExportSkill,
} from './types.js';

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The manifest in the out folder, and its bytes as found (undefined when there is none). */
async function readManifest(
  fs: ExportFs,
  outDir: string,
  force: boolean,
  warnings: string[],
): Promise<{ manifest: Manifest; bytes: Buffer | undefined }> {
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
  fs: ExportFs,
  outDir: string,
  target: ExportOptions['target'],
  plan: ExportPlan,
  manifest: { before: Manifest; bytes: Buffer | undefined },
): Promise<{ written: string[]; removed: string[] }> {
  const written: string[] = [];
  const removed: string[] = [];
  let at = '';
  try {
    for (const w of plan.write) {
      at = w.path;
      if (w.modeOnly) await fs.setExecutable(outPath(outDir, w.path), w.executable === true);
      else
        await fs.writeFile(outPath(outDir, w.path), w.bytes, { executable: w.executable === true });
      written.push(w.path);
    }
    const base = targetBase(target);
    for (const p of plan.remove) {
      at = p;
      await fs.remove(outPath(outDir, p));
      removed.push(p);
      for (
        let dir = path.posix.dirname(p);
        dir.startsWith(`${base}/`);
        dir = path.posix.dirname(dir)
      )
        if (!(await fs.removeDirIfEmpty(outPath(outDir, dir)))) break;
    }
    const next: Manifest = {
      version: 1,
      targets: { ...manifest.before.targets, [target]: plan.files },
    };
    const bytes = serializeManifest(next);
    const empty = Object.values(next.targets).every((f) => !f || Object.keys(f).length === 0);
    if (!(manifest.bytes?.equals(bytes) ?? empty)) {
      at = MANIFEST_FILE;
      await fs.writeFile(outPath(outDir, MANIFEST_FILE), bytes);
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

/**
 * Export skills for another agent's conventions into `outDir`: deterministic and idempotent (a
 * second run writes nothing). Files skillset wrote are recorded in `.skillset-export.json`; any
 * other file at a target path is refused unless `force`. With `check`, nothing is written and
 * `drift` lists what a run would change. `skills` are in precedence order: of several with one id,
 * the first that is not a file an export wrote is taken (a copy never stands in for its source).
 * Throws SkillsetError when the out folder cannot be used.
 */
export async function exportSkills(
  skills: readonly ExportSkill[],
  options: ExportOptions,
): Promise<ExportResult> {
  const { target } = options;
  if (!EXPORT_TARGETS.includes(target))
    throw new SkillsetError('usage/unknown-target', `Unknown export target \`${String(target)}\``, {
      hint: `Use one of ${EXPORT_TARGETS.join(', ')}.`,
    });
  const fs = options.fs ?? nodeExportFs;
  const outDir = path.resolve(options.outDir);
  const force = options.force === true;
  const outSt = await fs.stat(outDir);
  if (outSt !== undefined && outSt.kind !== 'dir')
    throw new SkillsetError('export/out-not-a-folder', `${outDir} is not a folder`, {
      hint: 'Pass --out a project folder.',
    });
  const warnings: string[] = [];
  const { manifest, bytes: manifestBytes } = await readManifest(fs, outDir, force, warnings);
  const outReal = outSt === undefined ? outDir : await fs.realpath(outDir);
  const sources = exportSources(skills, manifest, [outDir, outReal]);
  const picked = exportEntries(sources, target, { outDir, pointTo: options.pointTo ?? 'source' });
  warnings.push(...picked.warnings);
  const rendered = await renderTarget(fs, outDir, picked.entries, options, warnings);
  const result: ExportResult = {
    target,
    outDir,
    written: [],
    unchanged: [],
    removed: [],
    drift: [],
    refused: [],
    warnings,
  };
  // A shared file the target refused (AGENTS.md with broken markers) is left alone entirely: it is
  // never planned for removal.
  if (rendered.desired.length === 0 && rendered.refused.length > 0) {
    result.refused = rendered.refused;
    if (options.check) result.drift = rendered.refused.map((r) => r.path);
    return result;
  }
  const recorded = manifest.targets[target] ?? {};
  const existing = new Map<string, ExistingFile>();
  for (const p of new Set([...rendered.desired.map((d) => d.path), ...Object.keys(recorded)])) {
    const found = await readExisting(fs, outPath(outDir, p));
    if (found) existing.set(p, found);
  }
  const plan = planExport({
    desired: rendered.desired,
    existing,
    recorded,
    force,
    keep: rendered.keep,
  });
  result.unchanged = plan.unchanged;
  result.refused = [...rendered.refused, ...plan.refused].sort((a, b) =>
    byCodeUnit(a.path, b.path),
  );
  if (options.check) {
    const drift = new Set([
      ...plan.write.map((w) => w.path),
      ...plan.remove,
      ...result.refused.map((r) => r.path),
    ]);
    result.drift = [...drift].sort(byCodeUnit);
    return result;
  }
  const done = await apply(fs, outDir, target, plan, { before: manifest, bytes: manifestBytes });
  result.written = done.written.sort(byCodeUnit);
  result.removed = done.removed.sort(byCodeUnit);
  return result;
}

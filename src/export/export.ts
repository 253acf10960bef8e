// exportSkills: render a target, then bring the out folder in line with it through the sync engine
// (or, with `check`, report drift).

import path from 'node:path';
import { exportTarget } from '../agents/registry.js';
import { SkillsetError } from '../errors.js';
import { nodeFileSystem } from '../files/fs.js';
import { exportEntries } from './entries.js';
import { statIfThere } from './fs.js';
import { renderTarget } from './render.js';
import { type DiscoveredSkills, exportCandidates, exportSources } from './sources.js';
import { readManifest, syncFiles } from './sync.js';
import {
  EXPORT_TARGETS,
  type ExportOptions,
  type ExportResult,
  type ExportSkill,
} from './types.js';

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
  const fs = options.fs ?? nodeFileSystem;
  const outDir = path.resolve(options.outDir);
  const force = options.force === true;
  const outSt = await statIfThere(fs, outDir);
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
  const synced = await syncFiles(
    fs,
    outDir,
    {
      key: target,
      base: exportTarget(target)?.base ?? '',
      rendered,
      check: options.check === true,
      force,
    },
    { manifest, bytes: manifestBytes },
  );
  const { missing: _, ...done } = synced;
  return { ...result, ...done };
}

/**
 * Export what a discovery found. `standardScopes` (no paths were given) exports the project's skills
 * only, never the user's or any other scope's.
 */
export function exportDiscovered(
  d: DiscoveredSkills,
  options: ExportOptions,
  standardScopes: boolean,
): Promise<ExportResult> {
  return exportSkills(exportCandidates(d, standardScopes), options);
}

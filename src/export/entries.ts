// Which skills a target exports, under which file name, and where each entry points.

import path from 'node:path';
import { exportTarget } from '../agents/registry.js';
import type { ExportEntry, ExportSkill, ExportTarget } from './types.js';

export type { ExportEntry } from './types.js';

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A name usable as one path segment. */
function isSafeStem(s: string): boolean {
  return s !== '' && s !== '.' && s !== '..' && !/[/\\\0]/.test(s);
}

/** An id as a file name: `plugin:name` → `plugin--name`, `apps/web:name` → `apps-web--name`. */
function idStem(id: string): string {
  return id.replace(/:/g, '--').replace(/[/\\]/g, '-');
}

/** Where `skill`'s SKILL.md is, as seen from the out folder. */
export function skillLocation(
  skill: ExportSkill,
  outDir: string,
  pointTo: 'source' | 'agents-dir',
): string {
  if (pointTo === 'agents-dir') return `.agents/skills/${skill.name}/SKILL.md`;
  const rel = path.relative(outDir, skill.path);
  if (rel !== '' && !rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel))
    return rel.split(path.sep).join('/');
  return skill.path;
}

/**
 * The entries of a target, sorted by id. Agent-facing targets (all but agents-dir) leave out skills
 * with `disable-model-invocation`. A folder name holds one skill: agents-dir (and entries pointing
 * into it) keep the first id of a name; rules and instructions name clashing skills by id.
 */
export function exportEntries(
  skills: readonly ExportSkill[],
  target: ExportTarget,
  options: { outDir: string; pointTo: 'source' | 'agents-dir' },
): { entries: ExportEntry[]; warnings: string[] } {
  const warnings: string[] = [];
  const sorted = [...skills].sort((a, b) => byCodeUnit(a.id, b.id));
  const shape = exportTarget(target)?.shape;
  // A copy is the skill itself; every other target is read by the model, which may not load these.
  const chosen =
    shape === 'copies'
      ? sorted
      : sorted.filter((s) => s.frontmatter.disableModelInvocation !== true);
  const byName = new Map<string, number>();
  for (const s of chosen) byName.set(s.name, (byName.get(s.name) ?? 0) + 1);
  const oneFolderPerName = shape === 'copies' || options.pointTo === 'agents-dir';
  const perFile = shape === 'per-file';
  const entries: ExportEntry[] = [];
  const taken = new Map<string, string>();
  for (const skill of chosen) {
    const clash = (byName.get(skill.name) ?? 0) > 1;
    const stem = perFile && clash ? idStem(skill.id) : skill.name;
    const holder = taken.get(stem);
    if (!isSafeStem(stem)) {
      warnings.push(`${skill.id}: the name \`${stem}\` cannot be a file name; not exported`);
      continue;
    }
    if (holder !== undefined && (oneFolderPerName || perFile)) {
      warnings.push(
        `${skill.id}: \`${stem}\` is taken by ${holder} (one folder holds one skill); not exported`,
      );
      continue;
    }
    taken.set(stem, skill.id);
    entries.push({ skill, stem, location: skillLocation(skill, options.outDir, options.pointTo) });
  }
  return { entries, warnings };
}

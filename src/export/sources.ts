// Which skills an export takes: with no paths given, the project's only (never the user's or any
// other scope); and never a file an export wrote, so a copy that shadows its source in discovery
// does not stand in for it.

import path from 'node:path';
import type { Scope, Skill } from '../skill/types.js';
import type { Manifest } from './manifest.js';
import type { ExportSkill } from './types.js';

/** The scopes whose folders are the project's: its skills folders, nested ones and its legacy commands. */
const PROJECT_SCOPES: ReadonlySet<Scope> = new Set<Scope>(['project', 'nested', 'legacy']);

/** What exportCandidates reads of a discovery. */
export interface DiscoveredSkills {
  skills: readonly Skill[];
  shadowed: readonly Skill[];
  /** The roots read, in precedence order. */
  roots: ReadonlyArray<{ path: string }>;
}

/**
 * The skills an export may take from a discovery, in precedence order: the winners and the skills
 * they shadow (exportSkills takes the first of an id that is not its own output). `projectOnly`
 * (no paths given: the standard scopes were read) keeps the project's scopes only.
 */
export function exportCandidates(d: DiscoveredSkills, projectOnly: boolean): Skill[] {
  const rank = new Map(d.roots.map((r, i) => [r.path, i]));
  const at = (s: Skill): number => rank.get(s.source.root) ?? d.roots.length;
  return [...d.skills, ...d.shadowed]
    .filter((s) => !projectOnly || PROJECT_SCOPES.has(s.source.scope))
    .map((s, i) => ({ s, i }))
    .sort((a, b) => at(a.s) - at(b.s) || a.i - b.i)
    .map((x) => x.s);
}

/**
 * The skills to export: those whose SKILL.md is not a file the manifest says an export wrote (in
 * any target), each id once, the first given winning. `outDirs` are the out folder as given and
 * as its real path.
 */
export function exportSources<S extends ExportSkill>(
  skills: readonly S[],
  manifest: Manifest,
  outDirs: readonly string[],
): S[] {
  const written = new Set(Object.values(manifest.targets).flatMap((f) => Object.keys(f ?? {})));
  const ownOutput = (file: string): boolean =>
    outDirs.some((dir) => {
      const rel = path.relative(dir, file);
      return !rel.startsWith('..') && written.has(rel.split(path.sep).join('/'));
    });
  const seen = new Set<string>();
  const out: S[] = [];
  for (const s of skills) {
    if (seen.has(s.id) || ownOutput(s.path)) continue;
    seen.add(s.id);
    out.push(s);
  }
  return out;
}

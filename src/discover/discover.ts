// Discovery: read every scope's roots in parallel, then resolve duplicates, clashes and shadowing.

import os from 'node:os';
import path from 'node:path';
import type { Discovery } from '../catalog/catalog.js';
import { type Candidate, type RootScan, resolveCatalog } from '../catalog/resolve.js';
import { compareDiagnostics, type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { type FileSystem, nodeFileSystem } from '../files/fs.js';
import { AGENT_PRESETS, type AgentName, type AgentPreset } from './agents.js';
import { CatalogSnapshot } from './catalog-snapshot.js';
import { resetDecodedBound } from './compact.js';
import { DEFAULT_MAX_FILE_BYTES } from './read.js';
import type { SnapshotHit } from './root-snapshot.js';
import { isHit, scanRoot } from './scan-root.js';
import { rescan } from './scan-snapshot.js';
import {
  nestedRoots,
  type Precedence,
  type RootSpec,
  resolvePrecedence,
  standardRoots,
} from './scopes.js';

/** Options for discoverSkills. Every field is optional. */
export interface DiscoverOptions {
  /** The working folder (default `process.cwd()`). */
  cwd?: string;
  /** The home folder for user scopes (default `os.homedir()`). */
  home?: string;
  /** The file system (default: the real one). */
  fs?: FileSystem;
  /** Explicit roots. A string is an `additional` root searched recursively. When given, the standard scopes are not read. */
  roots?: ReadonlyArray<string | RootSpec>;
  /** Administrator folder (default `SKILLSET_MANAGED_DIR`). */
  managedDir?: string;
  /** Extra folders of skills (scope `additional`, searched recursively). */
  additionalDirs?: readonly string[];
  /** Plugin folders (`<plugin>/skills/<name>/SKILL.md`, qualified `plugin:name`). */
  pluginDirs?: readonly string[];
  /** Files the session touched: their `.claude/skills` and `.agents/skills` folders below `cwd` join as scope `nested`. */
  touched?: readonly string[];
  /** Read the folders a coding agent reads, with its clash order (default `skillset`: docs/discovery.md). */
  agent?: AgentName;
  /** Which scope wins a name clash: `default` (project over user), `claude-code` (user over project), or an explicit order; default: the agent's. */
  precedence?: 'default' | 'claude-code' | Precedence;
  /** Deepest folder level searched in recursive roots (default 5). */
  maxDepth?: number;
  /** Folders read at most per root (default 500,000: a 100,000-skill library with its reference folders fits). */
  maxFolders?: number;
  /** Take a lowercase `skill.md` when a folder has no `SKILL.md`, as the reference validator does (default false). */
  acceptLowercaseSkillFile?: boolean;
  /** Called with each SKILL.md's real path and bytes as they are read (not for cache hits); lint uses it to read each file once. */
  onFileRead?: (realPath: string, bytes: Buffer) => void;
  /** SKILL.md files larger than this are not loaded (default 1 MiB). */
  maxFileBytes?: number;
  /** Folder for the parse cache; `false` or absent disables it (the CLI passes `defaultCacheDir()`). */
  cacheDir?: string | false;
}

/** What discovery found (the catalog before the settings' visibility policy). */
export type DiscoverResult = Discovery;

/** Where discovery looked when it found nothing: the folders read, and those looked for but absent. */
function noSkills(cwd: string, roots: readonly RootSpec[], absent: readonly string[]): Diagnostic {
  const read = roots.map((r) => `${r.path} (${r.scope})`);
  const parts = [
    read.length > 0 ? `read ${read.join(', ')}` : 'no skills folder exists',
    absent.length > 0 ? `looked for ${absent.join(', ')}` : '',
  ].filter(Boolean);
  return diagnostic(
    'discover/no-skills',
    'info',
    roots[0]?.path ?? cwd,
    `No skills found: ${parts.join('; ')}. A skill is a folder with a SKILL.md; --verbose shows folders skipped (depth, .gitignore)`,
    { data: { read: roots.map((r) => r.path), absent: [...absent] } },
  );
}

/** A root's place in precedence: its scope's, or for presets that interleave scopes by folder (OpenCode), the project scope's place plus the folder's. */
function rankBy(precedence: Precedence): (r: RootSpec) => number {
  return (r) =>
    r.priority === undefined
      ? precedence.indexOf(r.scope) * 100
      : precedence.indexOf('project') * 100 + r.priority;
}

/** The roots to read, in precedence order; the standard folders looked for but absent go to `absent`. */
async function rootsToRead(
  fs: FileSystem,
  options: DiscoverOptions,
  where: { cwd: string; home: string; agent: AgentPreset },
  rankOf: (r: RootSpec) => number,
  absent: string[],
): Promise<RootSpec[]> {
  const { cwd, home, agent } = where;
  let roots: RootSpec[];
  if (options.roots) {
    roots = options.roots.map((r) =>
      typeof r === 'string'
        ? { path: path.resolve(cwd, r), scope: 'additional', recursive: true }
        : { ...r, path: path.resolve(cwd, r.path) },
    );
  } else {
    roots = await standardRoots(
      fs,
      {
        agent,
        cwd,
        home,
        managedDir: options.managedDir,
        additionalDirs: options.additionalDirs,
        pluginDirs: options.pluginDirs,
      },
      absent,
    );
  }
  if (options.touched && options.touched.length > 0)
    roots.push(...(await nestedRoots(fs, cwd, options.touched)));
  // Precedence order is stable: scope rank first, then the order roots were given in.
  const ordered = roots.map((r, i) => ({ r, i, rank: rankOf(r) }));
  ordered.sort((a, b) => a.rank - b.rank || a.i - b.i);
  return ordered.map((o) => o.r);
}

/** Every root's skills as candidates for resolution, and the diagnostics of the roots and their skills. */
function candidatesOf(
  scans: readonly RootScan[],
  roots: readonly RootSpec[],
  rankOf: (r: RootSpec) => number,
): { candidates: Candidate[]; diagnostics: Diagnostic[] } {
  const candidates: Candidate[] = [];
  const diagnostics: Diagnostic[] = [];
  scans.forEach((scan, rootIndex) => {
    diagnostics.push(...scan.diagnostics);
    const rank = rankOf(roots[rootIndex] as RootSpec);
    for (const c of scan.candidates) {
      candidates.push({
        skill: c.skill,
        order: c.order,
        direct: c.direct,
        rel: c.rel,
        rank,
        rootIndex,
      });
      if (c.skill.diagnostics.length > 0) diagnostics.push(...c.skill.diagnostics);
    }
  });
  return { candidates, diagnostics };
}

/** Discover skills across scopes (or explicit roots). Never throws for content or missing folders. */
export async function discoverSkills(options: DiscoverOptions = {}): Promise<DiscoverResult> {
  const fs = options.fs ?? nodeFileSystem;
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const home = path.resolve(options.home ?? os.homedir());
  const agent = AGENT_PRESETS[options.agent ?? 'skillset'];
  const rankOf = rankBy(resolvePrecedence(options.precedence ?? agent.precedence));
  const absent: string[] = [];
  const roots = await rootsToRead(fs, options, { cwd, home, agent }, rankOf, absent);

  const settings = {
    maxDepth: options.maxDepth ?? 5,
    maxFolders: options.maxFolders ?? 500_000,
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    cacheDir: options.cacheDir ?? false,
    acceptLowercase: options.acceptLowercaseSkillFile ?? false,
    onFileRead: options.onFileRead,
    cwd,
    home,
  };
  resetDecodedBound();
  const read = await Promise.all(roots.map((spec) => scanRoot(fs, spec, settings)));
  // Every root a snapshot that holds: resolution's last result may hold too (catalog-snapshot.ts).
  const hits = read.length > 0 && read.every(isHit) ? (read as SnapshotHit[]) : undefined;
  const catalog =
    hits && settings.cacheDir !== false
      ? CatalogSnapshot.open(
          settings.cacheDir,
          JSON.stringify([roots, roots.map(rankOf), cwd, absent]),
        )
      : undefined;
  const kept = hits && catalog?.load(hits, roots);
  if (kept)
    return {
      skills: kept.skills,
      shadowed: kept.shadowed,
      diagnostics: kept.diagnostics,
      roots,
      decisions: kept.decisions,
    };
  const scans = await Promise.all(
    read.map((r, i) =>
      isHit(r)
        ? rescan(r, roots[i] as RootSpec, fs, settings.maxFileBytes, settings.onFileRead)
        : r,
    ),
  );
  const { candidates, diagnostics } = candidatesOf(scans, roots, rankOf);
  const resolved = resolveCatalog(candidates, roots);
  diagnostics.push(...resolved.diagnostics);
  if (resolved.skills.length === 0) diagnostics.push(noSkills(cwd, roots, absent));
  diagnostics.sort(compareDiagnostics);
  const result = {
    skills: resolved.skills,
    shadowed: resolved.shadowed,
    diagnostics,
    roots,
    decisions: resolved.decisions,
  };
  if (hits && catalog) catalog.save(hits, candidates, result);
  return result;
}

// Discovery: read every scope's roots in parallel, then resolve duplicates, clashes and shadowing.

import os from 'node:os';
import path from 'node:path';
import {
  type Candidate,
  type Decision,
  type RootScan,
  resolveCatalog,
} from '../catalog/resolve.js';
import { compareDiagnostics, type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import type { Skill } from '../skill/types.js';
import { AGENT_PRESETS, type AgentName } from './agents.js';
import { PARSER_VERSION, ParseCache } from './cache.js';
import { expectRecords, resetDecodedBound } from './compact.js';
import { errorCode, type FileSystem, nodeFileSystem } from './fs.js';
import { chainFolders, type GitignoreStack, gitignoreChain, NO_GITIGNORE } from './gitignore.js';
import { scanLegacy } from './legacy.js';
import { DEFAULT_MAX_FILE_BYTES, keptFiles, readAll } from './read.js';
import { RootSnapshot } from './root-snapshot.js';
import { candidateOf, rescan } from './scan-snapshot.js';
import {
  nestedRoots,
  type Precedence,
  projectFolders,
  type RootSpec,
  resolvePrecedence,
  standardRoots,
} from './scopes.js';
import { type FoundSkill, systemFolder, walkRoot } from './walk.js';
import { WalkCache } from './walk-cache.js';

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

/** What discovery found: the catalog, the skills that lost a clash, and every diagnostic. */
export interface DiscoverResult {
  /** Loaded skills, sorted by id. */
  skills: Skill[];
  /** Skills shadowed by a higher-precedence skill with the same id. */
  shadowed: Skill[];
  /** All diagnostics (the skills' own included), sorted by file and position. */
  diagnostics: Diagnostic[];
  /** The roots that were read, in precedence order. */
  roots: RootSpec[];
  /** What resolution decided: duplicates collapsed, names qualified, skills shadowed. */
  decisions: Decision[];
}

async function scanRoot(
  fs: FileSystem,
  spec: RootSpec,
  o: Required<Pick<DiscoverOptions, 'maxDepth' | 'maxFolders' | 'maxFileBytes'>> & {
    cacheDir: string | false;
    acceptLowercase: boolean;
    onFileRead: DiscoverOptions['onFileRead'];
    cwd: string;
    home: string;
  },
): Promise<RootScan> {
  let realRoot: string;
  try {
    realRoot = await fs.realpath(spec.path);
    const st = await fs.stat(realRoot);
    if (st.kind !== 'dir') throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    const system = systemFolder(realRoot);
    if (system !== undefined)
      return {
        candidates: [],
        diagnostics: [
          diagnostic(
            'discover/system-folder',
            'error',
            spec.path,
            `The root is in ${system}, a folder of the operating system, not of skills; not read`,
            { data: { real: realRoot, scope: spec.scope } },
          ),
        ],
      };
  } catch (e) {
    const code = errorCode(e);
    return {
      candidates: [],
      diagnostics: [
        diagnostic(
          'discover/missing-root',
          'error',
          spec.path,
          code === 'ENOENT'
            ? `Path does not exist: ${spec.path}`
            : code === 'ENOTDIR'
              ? `Not a directory: ${spec.path}`
              : `Skills folder could not be read (${code ?? String(e)}): ${spec.path}`,
          {
            data: { code, scope: spec.scope },
          },
        ),
      ],
    };
  }
  if (spec.legacy) return scanLegacy(fs, spec, realRoot, o.maxFileBytes);

  let ignores: GitignoreStack = NO_GITIGNORE;
  // The folders above the root whose `.gitignore` files apply to it.
  let chain: string[] = [];
  if (spec.recursive || spec.scope === 'nested') {
    const project = await projectFolders(fs, spec.path, o.home);
    const top = project[project.length - 1] ?? spec.path;
    chain = chainFolders(spec.scope === 'nested' ? o.cwd : top, path.dirname(spec.path));
    ignores = await gitignoreChain(fs, chain);
    if (ignores.ignores(spec.path, true)) return { candidates: [], diagnostics: [] };
  }
  const walkOptions = {
    recursive: spec.recursive ?? false,
    maxDepth: o.maxDepth,
    maxFolders: o.maxFolders,
    acceptLowercase: o.acceptLowercase,
  };
  // A warm start on the real file system reuses the last scan whole when nothing it read changed;
  // else the last walk when no folder it listed changed, and each file's record while the file did not.
  const key =
    o.cacheDir !== false && fs === nodeFileSystem
      ? JSON.stringify([realRoot, spec.path, walkOptions, chain])
      : undefined;
  const snapshot =
    key !== undefined && o.cacheDir !== false
      ? RootSnapshot.open(
          o.cacheDir,
          `${PARSER_VERSION}\0${o.maxFileBytes}\0${key}`,
          spec.path,
          realRoot,
        )
      : undefined;
  const hit = snapshot?.load();
  if (hit) {
    expectRecords(hit.dir.length);
    return rescan(hit, spec, fs, o.maxFileBytes, o.onFileRead);
  }
  const walkCache =
    key !== undefined && o.cacheDir !== false ? WalkCache.open(o.cacheDir, key) : undefined;
  let walk = walkCache?.load();
  if (!walk) {
    if (walkCache) for (const dir of chain) walkCache.watch.gitignore(path.join(dir, '.gitignore'));
    walk = await walkRoot(
      fs,
      spec.path,
      realRoot,
      walkCache ? { ...walkOptions, watch: walkCache.watch } : walkOptions,
      ignores,
    );
    walkCache?.save(walk);
  }
  expectRecords(walk.found.length);
  const cache =
    o.cacheDir === false ? undefined : ParseCache.open(o.cacheDir, realRoot, o.maxFileBytes);
  const reads = await readAll(fs, walk.found, realRoot, o.maxFileBytes, cache, o.onFileRead);
  const written = cache?.save();
  const deps = walkCache?.deps();
  const kept = cache && keptFiles(walk.found, reads, cache);
  if (snapshot && cache && deps && kept)
    snapshot.save(
      walk,
      deps,
      kept,
      written === undefined ? undefined : { file: cache.path, writtenAt: written },
    );
  const out: RootScan = { candidates: [], diagnostics: [...walk.diagnostics] };
  for (const [order, r] of reads.entries()) {
    if (r.ok)
      out.candidates.push(candidateOf(walk.found[order] as FoundSkill, r, spec, realRoot, order));
    else out.diagnostics.push(...r.diagnostics);
  }
  return out;
}

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

/** Discover skills across scopes (or explicit roots). Never throws for content or missing folders. */
export async function discoverSkills(options: DiscoverOptions = {}): Promise<DiscoverResult> {
  const fs = options.fs ?? nodeFileSystem;
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const home = path.resolve(options.home ?? os.homedir());
  const agent = AGENT_PRESETS[options.agent ?? 'skillset'];
  const precedence = resolvePrecedence(options.precedence ?? agent.precedence);
  // A root's place in precedence: its scope's, or for presets that interleave scopes by folder
  // (OpenCode), the project scope's place plus the folder's.
  const rankOf = (r: RootSpec): number =>
    r.priority === undefined
      ? precedence.indexOf(r.scope) * 100
      : precedence.indexOf('project') * 100 + r.priority;
  let roots: RootSpec[];
  const absent: string[] = [];
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
  roots = ordered.map((o) => o.r);

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
  const scans = await Promise.all(roots.map((spec) => scanRoot(fs, spec, settings)));
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
  const resolved = resolveCatalog(candidates, roots);
  diagnostics.push(...resolved.diagnostics);
  if (resolved.skills.length === 0) diagnostics.push(noSkills(cwd, roots, absent));
  diagnostics.sort(compareDiagnostics);
  return {
    skills: resolved.skills,
    shadowed: resolved.shadowed,
    diagnostics,
    roots,
    decisions: resolved.decisions,
  };
}

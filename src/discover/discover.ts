// Discovery: read every scope's roots in parallel, then resolve duplicates, clashes and shadowing.

import os from 'node:os';
import path from 'node:path';
import {
  compareDiagnostics,
  type Diagnostic,
  diagnostic,
  type RelatedLocation,
} from '../diagnostics/diagnostic.js';
import { estimateTokens } from '../skill/parse.js';
import type { ParsedSkillFile, Skill, SkillFrontmatter } from '../skill/types.js';
import { ParseCache } from './cache.js';
import { errorCode, type FileSystem, nodeFileSystem } from './fs.js';
import { type GitignoreStack, gitignoreChain, NO_GITIGNORE } from './gitignore.js';
import { DEFAULT_MAX_FILE_BYTES, readFoundSkill } from './read.js';
import {
  nestedRoots,
  type Precedence,
  projectFolders,
  type RootSpec,
  resolvePrecedence,
  standardRoots,
} from './scopes.js';
import { type FoundSkill, walkRoot } from './walk.js';

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
  /** Which scope wins a name clash: `default` (project over user), `claude-code` (user over project), or an explicit order. */
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
}

interface Candidate {
  skill: Skill;
  rank: number;
  rootIndex: number;
  order: number;
  /** Directly reached (no link on the way): preferred among duplicates. */
  direct: boolean;
  rel: string;
}

/** A skill record whose front matter is read from its parse on first access (cached parses decode lazily). */
class SkillRecord implements Skill {
  id: string;
  name: string;
  source: Skill['source'];
  path: string;
  dir: string;
  realPath: string;
  description: string;
  descriptionSource: Skill['descriptionSource'];
  contentHash: string;
  size: Skill['size'];
  bodyOffset: number;
  bodyLine: number;
  diagnostics: Diagnostic[];
  readonly #parsed: ParsedSkillFile;

  constructor(
    parsed: ParsedSkillFile,
    spec: RootSpec,
    file: string,
    name: string,
    realPath: string,
    extra: Diagnostic[],
  ) {
    this.#parsed = parsed;
    this.id = spec.plugin ? `${spec.plugin}:${name}` : name;
    this.name = name;
    this.source = spec.plugin
      ? { scope: spec.scope, root: spec.path, plugin: spec.plugin }
      : { scope: spec.scope, root: spec.path };
    this.path = file;
    this.dir = path.dirname(file);
    this.realPath = realPath;
    this.description = parsed.description;
    this.descriptionSource = parsed.descriptionSource;
    this.contentHash = parsed.contentHash;
    this.size = { bytes: parsed.bytes, tokens: estimateTokens(parsed.bytes) };
    this.bodyOffset = parsed.bodyOffset;
    this.bodyLine = parsed.bodyLine;
    this.diagnostics =
      extra.length > 0 ? [...extra, ...parsed.diagnostics] : [...parsed.diagnostics];
  }

  get frontmatter(): SkillFrontmatter {
    return this.#parsed.frontmatter;
  }

  get raw(): Record<string, unknown> {
    return this.#parsed.raw;
  }

  get positions(): Skill['positions'] {
    return this.#parsed.positions;
  }

  get scalarSources(): Skill['scalarSources'] {
    return this.#parsed.scalarSources;
  }

  /** A plain object with every field, for JSON. */
  toJSON(): Skill {
    return {
      ...this,
      frontmatter: this.frontmatter,
      raw: this.raw,
      positions: this.positions,
      scalarSources: this.scalarSources,
    };
  }
}

interface RootScan {
  candidates: Array<Omit<Candidate, 'rank' | 'rootIndex'>>;
  diagnostics: Diagnostic[];
}

async function scanLegacy(
  fs: FileSystem,
  spec: RootSpec,
  realRoot: string,
  maxBytes: number,
): Promise<RootScan> {
  const out: RootScan = { candidates: [], diagnostics: [] };
  const files: Array<{ file: string; name: string }> = [];
  const top = await fs.readdir(spec.path);
  top.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const e of top) {
    if (e.kind === 'file' && e.name.endsWith('.md'))
      files.push({ file: path.join(spec.path, e.name), name: e.name.slice(0, -3) });
    if (e.kind === 'dir') {
      const sub = await fs.readdir(path.join(spec.path, e.name)).catch(() => []);
      sub.sort((a, b) => (a.name < b.name ? -1 : 1));
      for (const s of sub) {
        if (s.kind === 'file' && s.name.endsWith('.md'))
          files.push({
            file: path.join(spec.path, e.name, s.name),
            name: `${e.name}:${s.name.slice(0, -3)}`,
          });
      }
    }
  }
  for (const [order, f] of files.entries()) {
    const found: FoundSkill = {
      file: f.file,
      dir: path.dirname(f.file),
      rel: '',
      realDir: path.join(realRoot, path.relative(spec.path, path.dirname(f.file))),
      kind: 'file',
    };
    const r = await readFoundSkill(fs, found, realRoot, maxBytes, undefined);
    if (!r.ok) {
      out.diagnostics.push(...r.diagnostics);
      continue;
    }
    // Legacy commands ignore `name` and `paths`: the file name is the name, and they are always listed.
    // Every field is read out by name: a compact record's front matter sits behind getters a spread skips.
    const p = r.parsed;
    const { name: _n, paths: _p, ...frontmatter } = p.frontmatter;
    const parsed: ParsedSkillFile = {
      loadable: p.loadable,
      frontmatter,
      raw: p.raw,
      positions: p.positions,
      scalarSources: p.scalarSources,
      description: p.description,
      descriptionSource: p.descriptionSource,
      contentHash: p.contentHash,
      bytes: p.bytes,
      bodyOffset: p.bodyOffset,
      bodyLine: p.bodyLine,
      diagnostics: p.diagnostics,
    };
    const skill = new SkillRecord(
      parsed,
      spec,
      f.file,
      f.name,
      `${found.realDir}/${path.basename(f.file)}`,
      r.diagnostics,
    );
    skill.dir = path.dirname(f.file);
    out.candidates.push({ skill, order, direct: true, rel: '' });
  }
  return out;
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
  if (spec.recursive || spec.scope === 'nested') {
    const chain = await projectFolders(fs, spec.path, o.home);
    const top = chain[chain.length - 1] ?? spec.path;
    ignores = await gitignoreChain(
      fs,
      spec.scope === 'nested' ? o.cwd : top,
      path.dirname(spec.path),
    );
    if (ignores.ignores(spec.path, true)) return { candidates: [], diagnostics: [] };
  }
  const walk = await walkRoot(
    fs,
    spec.path,
    realRoot,
    {
      recursive: spec.recursive ?? false,
      maxDepth: o.maxDepth,
      maxFolders: o.maxFolders,
      acceptLowercase: o.acceptLowercase,
    },
    ignores,
  );
  const cache =
    o.cacheDir === false ? undefined : ParseCache.open(o.cacheDir, realRoot, o.maxFileBytes);
  const out: RootScan = { candidates: [], diagnostics: walk.diagnostics };
  const reads = await mapBounded(walk.found, READS_IN_FLIGHT, (f) =>
    readFoundSkill(fs, f, realRoot, o.maxFileBytes, cache, o.onFileRead),
  );
  reads.forEach((r, order) => {
    const f = walk.found[order] as FoundSkill;
    if (!r.ok) {
      out.diagnostics.push(...r.diagnostics);
      return;
    }
    const name = f.rel === '' ? path.basename(spec.path) : path.basename(f.dir);
    const skill = new SkillRecord(r.parsed, spec, f.file, name, r.realPath, r.diagnostics);
    out.candidates.push({
      skill,
      order,
      direct: f.kind === 'file' && r.realPath === `${f.realDir}/${path.basename(f.file)}`,
      rel: f.rel,
    });
  });
  cache?.save();
  return out;
}

/**
 * Files read at once per root. Started all together, a 100,000-skill library held every file's bytes
 * before parsing any of them (half a gigabyte); a few dozen keep the disk busy and memory flat.
 */
const READS_IN_FLIGHT = 32;

/** `Promise.all(items.map(f))` with at most `limit` calls of `f` pending; results in input order. */
async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  f: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

function related(winner: Skill, message: string): { related: RelatedLocation[] } {
  return { related: [{ file: winner.path, start: { line: 1, column: 1 }, message }] };
}

/** Resolve candidates: collapse duplicates by real path, qualify clashes inside a root, shadow across roots. */
function resolveCandidates(
  all: Candidate[],
  roots: RootSpec[],
): { skills: Skill[]; shadowed: Skill[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const push = (s: Skill, d: Diagnostic): void => {
    s.diagnostics.push(d);
    diagnostics.push(d);
  };
  // One numeric key per candidate (precedence, root, direct before linked, walk order): a cheap, stable sort.
  const n = all.length + 1;
  const sortKey = (c: Candidate): number =>
    ((c.rank * roots.length + c.rootIndex) * 2 + (c.direct ? 0 : 1)) * n + c.order;
  const keys = new Map(all.map((c) => [c, sortKey(c)]));
  all.sort((a, b) => (keys.get(a) as number) - (keys.get(b) as number));

  const byReal = new Map<string, Candidate>();
  const unique: Candidate[] = [];
  for (const c of all) {
    const first = byReal.get(c.skill.realPath);
    if (first) {
      diagnostics.push(
        diagnostic(
          'discover/duplicate',
          'info',
          c.skill.path,
          `Same file as \`${first.skill.path}\` (reached through a link); collapsed into it`,
          {
            data: { realPath: c.skill.realPath, kept: first.skill.path },
            ...related(first.skill, 'the copy that is kept'),
          },
        ),
      );
      continue;
    }
    byReal.set(c.skill.realPath, c);
    unique.push(c);
  }

  // Clashing names inside one recursive root are qualified by their parent folder.
  const groups = new Map<string, Candidate[]>();
  for (const c of unique) {
    const key = `${c.rootIndex}\0${c.skill.id}`;
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  const depth = (c: Candidate): number => (c.rel === '' ? 0 : c.rel.split('/').length);
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    // The shallowest keeps the bare name (`skills/x` over `docs/ja/skills/x`); ties go to path order.
    const keeper = group.reduce((best, c) =>
      depth(c) < depth(best) || (depth(c) === depth(best) && c.rel < best.rel) ? c : best,
    );
    for (const c of group) {
      if (c === keeper) continue;
      const parent = path.posix.dirname(c.rel);
      const bare = c.skill.id;
      c.skill.id = `${parent}:${bare}`;
      push(
        c.skill,
        diagnostic(
          'discover/name-clash',
          'info',
          c.skill.path,
          `${group.length} skills in this root are named \`${bare}\`; this one is \`${c.skill.id}\``,
          {
            data: {
              name: bare,
              id: c.skill.id,
              others: group.filter((g) => g !== c).map((g) => g.skill.path),
            },
          },
        ),
      );
    }
  }

  const byId = new Map<string, Candidate>();
  const skills: Skill[] = [];
  const shadowed: Skill[] = [];
  for (const c of unique) {
    const winner = byId.get(c.skill.id);
    if (winner) {
      const ws = roots[winner.rootIndex]?.scope;
      const ls = roots[c.rootIndex]?.scope;
      const why =
        ws === ls
          ? 'an earlier root of the same scope wins'
          : `scope \`${ws}\` wins over \`${ls}\``;
      push(
        c.skill,
        diagnostic(
          'discover/shadowed',
          'info',
          c.skill.path,
          `Skill \`${c.skill.id}\` is shadowed by \`${winner.skill.path}\` (${why})`,
          {
            data: { id: c.skill.id, winner: winner.skill.path, winnerScope: ws, scope: ls },
            ...related(winner.skill, 'the skill that wins'),
          },
        ),
      );
      shadowed.push(c.skill);
      continue;
    }
    byId.set(c.skill.id, c);
    skills.push(c.skill);
  }
  const byIdThenPath = (a: Skill, b: Skill): number =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  skills.sort(byIdThenPath);
  shadowed.sort(byIdThenPath);
  return { skills, shadowed, diagnostics };
}

/** Discover skills across scopes (or explicit roots). Never throws for content or missing folders. */
export async function discoverSkills(options: DiscoverOptions = {}): Promise<DiscoverResult> {
  const fs = options.fs ?? nodeFileSystem;
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const home = path.resolve(options.home ?? os.homedir());
  const precedence = resolvePrecedence(options.precedence);
  let roots: RootSpec[];
  if (options.roots) {
    roots = options.roots.map((r) =>
      typeof r === 'string'
        ? { path: path.resolve(cwd, r), scope: 'additional', recursive: true }
        : { ...r, path: path.resolve(cwd, r.path) },
    );
  } else {
    roots = await standardRoots(fs, {
      cwd,
      home,
      managedDir: options.managedDir,
      additionalDirs: options.additionalDirs,
      pluginDirs: options.pluginDirs,
    });
  }
  if (options.touched && options.touched.length > 0)
    roots.push(...(await nestedRoots(fs, cwd, options.touched)));
  // Precedence order is stable: scope rank first, then the order roots were given in.
  const ordered = roots.map((r, i) => ({ r, i, rank: precedence.indexOf(r.scope) }));
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
  const scans = await Promise.all(roots.map((spec) => scanRoot(fs, spec, settings)));
  const candidates: Candidate[] = [];
  const diagnostics: Diagnostic[] = [];
  scans.forEach((scan, rootIndex) => {
    diagnostics.push(...scan.diagnostics);
    const rank = precedence.indexOf((roots[rootIndex] as RootSpec).scope);
    for (const c of scan.candidates) {
      const candidate = c as Candidate;
      candidate.rank = rank;
      candidate.rootIndex = rootIndex;
      candidates.push(candidate);
      diagnostics.push(...c.skill.diagnostics);
    }
  });
  const resolved = resolveCandidates(candidates, roots);
  diagnostics.push(...resolved.diagnostics);
  diagnostics.sort(compareDiagnostics);
  return { skills: resolved.skills, shadowed: resolved.shadowed, diagnostics, roots };
}

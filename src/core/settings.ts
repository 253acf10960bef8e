// Settings: flags, the config file and the environment, resolved once into what every command reads.

import nodeFs from 'node:fs';
import path from 'node:path';
import type { LoadLimits } from '../compose/import-limits.js';
import { loadConfig, loadUserConfig, type RuleSetting } from '../config/config.js';
import { mergeConfigs } from '../config/merge.js';
import type { SkillsetConfig } from '../config/schema.js';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { AGENTS, type AgentName } from '../discover/agents.js';
import type { DiscoverOptions } from '../discover/discover.js';
import { SkillsetError } from '../errors.js';
import { type FileSystem, nodeFileSystem, unwritableReason } from '../files/fs.js';
import type { Profile } from '../lint/define-rule.js';
import { defaultIndexFile, indexLocation } from '../search/index-file.js';
import { DEFAULT_RANK, type RankSettings } from '../search/rank-settings.js';
import type { AgentProfile } from '../select/model-filter.js';
import { defaultCacheDir } from '../util/dirs.js';
import {
  type InvokeSettings,
  type ListingSettings,
  type PermissionSettings,
  skillSettings,
} from './settings-skills.js';

/** What a caller (a CLI command, the MCP server, a library user) asks for; every field optional. */
export interface SettingsInput {
  /** The working folder (default `process.cwd()`). */
  cwd?: string;
  /** Explicit skills roots: only these are read. Each must be a folder (or, with `filesAsSkills`, a file). */
  roots?: readonly string[];
  /**
   * A root that is a file stands for the skill that holds it (the nearest folder above it with a
   * SKILL.md): `lint FILE…` from lint-staged or a pre-commit hook.
   */
  filesAsSkills?: boolean;
  /** Read the folders this coding agent reads, with its clash order (default `skillset`). */
  agent?: AgentName;
  /** Folders added to the standard scopes (each read as the agent reads a project, or as a skills folder). */
  addDirs?: readonly string[];
  /** Which scope wins a name clash (default: the agent's). */
  precedence?: 'default' | 'claude-code';
  /** Deepest folder level searched in a root (default 5). */
  maxDepth?: number;
  /** Read and write caches (default true). False: no parse cache, and the index lives in memory. */
  cache?: boolean;
  /** The cache folder (default `SKILLSET_CACHE_DIR`, else the XDG cache folder). */
  cacheDir?: string;
  /** The index file (default: one per set of roots in the cache folder). */
  indexFile?: string;
  /**
   * The config file (default: `skillset.config.json` in `cwd` or a parent, up to the repository
   * root). One named here is the caller's own: its trust settings count, as the user config's do.
   */
  configFile?: string;
  /** The user's config (default `SKILLSET_USER_CONFIG`, else `~/.config/skillset/config.json`); false reads none. */
  userConfigFile?: string | false;
  /**
   * The host trusts the project: skills that came with a folder may run shell (default: the user's
   * config). No file inside a project can set this.
   */
  trustProject?: boolean;
  /** The lint profile (default: the config's, else `recommended`). */
  profile?: Profile;
  /**
   * The file system skills are read through and states, exports and tiers written to (default: the
   * real one). Roots and the cache folder are checked through it too. SQLite cannot open an index
   * through it: with another file system the index lives in memory unless `indexFile` names one.
   */
  fs?: FileSystem;
}

/** Settings resolved once: what discovery, the index, search and lint each read. */
export interface Settings {
  cwd: string;
  /** Discovery options (roots, precedence, depth, parse-cache folder). */
  discover: DiscoverOptions;
  /** The folder caches live in, or false when there is none (asked for, or unusable). */
  cacheDir: string | false;
  /** The index file; `:memory:` without a cache. */
  indexFile: string;
  /** True when the index file was named by the caller (then it is never deleted to rebuild it). */
  indexFileGiven: boolean;
  /** What the kept states belong to: the index's location on disk, even when the index is in memory. */
  stateKey: string;
  rank: RankSettings;
  lint: { profile: Profile; rules: Record<string, RuleSetting> };
  /** The config file's `select` section: the project's own agent profiles, and the budget. */
  select: { profiles: Record<string, AgentProfile>; budget?: number; unit?: 'chars' | 'tokens' };
  /** The config file's `listing` section, with defaults. */
  listing: ListingSettings;
  /** The config file's `permissions` section. */
  permissions: PermissionSettings;
  /** The config file's `load` section: the bounds of one load (bytes of body and imports, files imported). */
  load: LoadLimits;
  /** The config file's `invoke` section: shell policy, project trust, timeout. */
  invoke: InvokeSettings;
  /** The config file read, if any. */
  configFile: string | undefined;
  /** The user's config file read, if any. */
  userConfigFile: string | undefined;
  /** Problems with the environment that were worked around (an unusable cache folder, say). */
  diagnostics: Diagnostic[];
  /** The file system skills and bodies are read through. */
  fs: FileSystem;
}

function check(ok: boolean, code: string, message: string, hint?: string): void {
  if (!ok) throw new SkillsetError(code, message, hint ? { hint } : {});
}

/** Validate the input, read the config file, probe the cache folder. Throws SkillsetError for usage errors. */
export async function resolveSettings(input: SettingsInput = {}): Promise<Settings> {
  const cwd = path.resolve(input.cwd ?? process.cwd());
  check(
    input.maxDepth === undefined || (Number.isInteger(input.maxDepth) && input.maxDepth >= 0),
    'usage/invalid-option',
    `maxDepth takes a whole number, got \`${input.maxDepth}\``,
  );
  check(
    input.precedence === undefined || ['default', 'claude-code'].includes(input.precedence),
    'usage/invalid-option',
    `precedence is \`default\` or \`claude-code\`, got \`${input.precedence}\``,
  );
  check(
    input.agent === undefined || (AGENTS as readonly string[]).includes(input.agent),
    'usage/invalid-option',
    `agent is one of ${AGENTS.join(', ')}; got \`${input.agent}\``,
  );
  check(
    input.profile === undefined || ['spec', 'recommended'].includes(input.profile),
    'usage/invalid-option',
    `profile is \`spec\` or \`recommended\`, got \`${input.profile}\``,
  );
  const diagnostics: Diagnostic[] = [];
  // An empty path (an unset shell variable) would mean the working folder, searched whole.
  for (const r of [...(input.roots ?? []), ...(input.addDirs ?? [])])
    check(
      r.trim() !== '',
      'usage/missing-root',
      'An empty path was given',
      'Pass a folder (or, for lint, a file); an unset variable in a script gives an empty one.',
    );
  const given = (input.roots ?? []).map((r) => path.resolve(cwd, r));
  const roots = input.filesAsSkills ? skillFolders(given, diagnostics) : given;
  const addDirs = (input.addDirs ?? []).map((r) => path.resolve(cwd, r));
  const fs = input.fs ?? nodeFileSystem;
  for (const r of [...roots, ...addDirs]) {
    let st: Awaited<ReturnType<FileSystem['stat']>>;
    try {
      st = await fs.stat(r);
    } catch {
      throw new SkillsetError(
        'usage/missing-root',
        input.filesAsSkills ? `No such file or folder: ${r}` : `No such folder: ${r}`,
        {
          hint: input.filesAsSkills
            ? 'Pass skill folders, or files inside skills.'
            : 'Pass a folder that holds skills (folders with a SKILL.md).',
        },
      );
    }
    check(
      st.kind === 'dir',
      'usage/missing-root',
      `Not a folder: ${r}`,
      'Pass the folder that holds the SKILL.md, not the file.',
    );
  }
  const user = await loadUserConfig(input.userConfigFile);
  const project = await loadConfig({ cwd, file: input.configFile });
  const merged = mergeConfigs(user, project, {
    named: input.configFile !== undefined,
    cwd,
    trustProject: input.trustProject,
  });
  const config = merged.config;
  diagnostics.push(...merged.diagnostics);
  let cacheDir: string | false = false;
  if (input.cache !== false) {
    const dir = path.resolve(cwd, input.cacheDir ?? defaultCacheDir());
    const why = await unwritableReason(fs, dir);
    if (why === undefined) cacheDir = dir;
    else
      diagnostics.push(
        diagnostic(
          'cache/unusable',
          'warning',
          dir,
          `The cache folder ${dir} cannot be used (${why}); working without a cache`,
          { data: { reason: why } },
        ),
      );
  }
  const discover: DiscoverOptions = { cwd, cacheDir };
  if (input.fs) discover.fs = input.fs;
  if (input.precedence) discover.precedence = input.precedence;
  if (input.agent) discover.agent = input.agent;
  if (addDirs.length > 0) discover.additionalDirs = addDirs;
  if (input.maxDepth !== undefined) discover.maxDepth = input.maxDepth;
  // Roots given (even when every file named is outside a skill) mean only those are read.
  if (given.length > 0) discover.roots = roots;
  // One index per set of roots (and, for the standard scopes, per agent and added folders).
  const indexKey =
    roots.length > 0 ? roots : [cwd, `agent:${input.agent ?? 'skillset'}`, ...addDirs];
  const indexAt = cacheDir === false ? ':memory:' : defaultIndexFile(indexKey, cacheDir);
  const indexFile = input.indexFile
    ? indexLocation(cwd, input.indexFile)
    : fs === nodeFileSystem
      ? indexAt
      : ':memory:';
  return {
    cwd,
    discover,
    cacheDir,
    indexFile,
    indexFileGiven: input.indexFile !== undefined,
    stateKey: input.indexFile ? indexFile : indexAt,
    rank: rankSettings(config.search),
    lint: {
      profile: input.profile ?? config.lint?.profile ?? 'recommended',
      rules: config.lint?.rules ?? {},
    },
    select: selectSettings(config.select),
    ...skillSettings(config, merged.trust, input.agent),
    configFile: project.file,
    userConfigFile: user.file,
    diagnostics,
    fs,
  };
}

/** Files → the folders of the skills holding them (deduplicated, in order); folders pass through. */
function skillFolders(paths: readonly string[], diagnostics: Diagnostic[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    let st: nodeFs.Stats | undefined;
    try {
      st = nodeFs.statSync(p);
    } catch {
      st = undefined;
    }
    if (!st || st.isDirectory()) {
      if (!out.includes(p)) out.push(p); // a folder, or missing: checked as a root
      continue;
    }
    let dir = path.dirname(p);
    for (;;) {
      if (nodeFs.existsSync(path.join(dir, 'SKILL.md'))) break;
      const up = path.dirname(dir);
      if (up === dir) {
        dir = '';
        break;
      }
      dir = up;
    }
    if (dir === '')
      diagnostics.push(
        diagnostic(
          'lint/file-outside-skills',
          'warning',
          p,
          'This file is in no skill (no folder above it holds a SKILL.md); not linted',
        ),
      );
    else if (!out.includes(dir)) out.push(dir);
  }
  return out;
}

type SelectConfig = NonNullable<SkillsetConfig['select']>;

/** The config's `select` section as settings: each profile named by its key. */
function selectSettings(c: SelectConfig = {}): Settings['select'] {
  const profiles: Record<string, AgentProfile> = {};
  for (const [name, p] of Object.entries(c.profiles ?? {})) {
    const profile: AgentProfile = { name };
    if (p.capability) profile.capability = p.capability;
    if (p.critical) profile.critical = p.critical;
    if (p.standard) profile.standard = p.standard;
    if (p.optional) profile.optional = p.optional;
    if (p.default) profile.default = p.default;
    profiles[name] = profile;
  }
  const out: Settings['select'] = { profiles };
  if (c.budget !== undefined) out.budget = c.budget;
  if (c.unit !== undefined) out.unit = c.unit;
  return out;
}

type SearchConfig = NonNullable<SkillsetConfig['search']>;

/** Ranker settings: the defaults, overridden by the config file's `search` section. */
function rankSettings(s: SearchConfig = {}): RankSettings {
  const settings: RankSettings = { ...DEFAULT_RANK, weights: { ...DEFAULT_RANK.weights } };
  const ok = s.okCoverage ?? s.minCoverage;
  if (ok !== undefined) settings.okCoverage = ok;
  if (s.weakCoverage !== undefined) settings.weakCoverage = s.weakCoverage;
  if (s.okEvidence !== undefined) settings.okEvidence = s.okEvidence;
  if (s.unknownWeight !== undefined) settings.unknownWeight = s.unknownWeight;
  if (s.typoWeight !== undefined) settings.typoWeight = s.typoWeight;
  if (s.bodyCoverage !== undefined) settings.bodyCoverage = s.bodyCoverage;
  if (s.gateDepth !== undefined) settings.gateDepth = s.gateDepth;
  if (s.bodySaturation !== undefined) settings.bodySaturation = s.bodySaturation;
  for (const [k, v] of Object.entries(s.weights ?? {}))
    if (v !== undefined) settings.weights[k as keyof RankSettings['weights']] = v;
  if (settings.weakCoverage > settings.okCoverage)
    throw new SkillsetError(
      'config/invalid',
      `search.weakCoverage (${settings.weakCoverage}) is above search.okCoverage (${settings.okCoverage}): an answer sure enough for \`ok\` would be \`none\``,
      {
        hint: `Keep weakCoverage at or under okCoverage (the defaults: ${DEFAULT_RANK.weakCoverage} and ${DEFAULT_RANK.okCoverage}).`,
      },
    );
  return settings;
}

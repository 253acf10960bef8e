// Settings: flags, the config file and the environment, resolved once into what every command reads.

import path from 'node:path';
import type { LoadLimits } from '../compose/import-limits.js';
import { loadConfig, loadUserConfig, type RuleSetting } from '../config/config.js';
import { mergeConfigs } from '../config/merge.js';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import type { AgentName } from '../discover/agents.js';
import type { DiscoverOptions } from '../discover/discover.js';
import { type FileSystem, nodeFileSystem, unwritableReason } from '../files/fs.js';
import type { Profile } from '../lint/define-rule.js';
import { defaultIndexFile, indexLocation } from '../search/index-file.js';
import type { SearchIndexStore } from '../search/index-store.js';
import type { RankSettings } from '../search/rank-settings.js';
import type { AgentProfile } from '../select/model-filter.js';
import { defaultCacheDir } from '../util/dirs.js';
import { checkFolders, checkOptions, type ResolvedRoots, resolveRoots } from './settings-roots.js';
import { rankSettings, selectSettings } from './settings-sections.js';
import {
  type AuditSettings,
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
  /** The semantic pass on or off (default: the config's `search.semantic`, else off). */
  semantic?: boolean;
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
  /**
   * Hide the skills that fail the audit from every face (default: the config's `audit.hide`, else
   * off). The caller's word; a project's config can only turn it on.
   */
  hideAuditFailures?: boolean;
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
  select: {
    profiles: Record<string, AgentProfile>;
    budget?: number;
    unit?: 'chars' | 'tokens';
    parts?: boolean;
  };
  /** The config file's `listing` section, with defaults. */
  listing: ListingSettings;
  /** The config file's `permissions` section. */
  permissions: PermissionSettings;
  /** The config file's `load` section: the bounds of one load (bytes of body and imports, files imported). */
  load: LoadLimits;
  /** The config file's `invoke` section: shell policy, project trust, timeout. */
  invoke: InvokeSettings;
  /** The config file's `audit` section: whether skills that fail the audit are hidden. */
  audit: AuditSettings;
  /** The config file read, if any. */
  configFile: string | undefined;
  /** The user's config file read, if any. */
  userConfigFile: string | undefined;
  /** Problems with the environment that were worked around (an unusable cache folder, say). */
  diagnostics: Diagnostic[];
  /** The file system skills and bodies are read through. */
  fs: FileSystem;
  /** Opens the index's store instead of `indexFile` (a registry reader's: scoped and read-only). */
  openStore?: () => Promise<SearchIndexStore>;
}

/** Validate the input, read the config file, probe the cache folder. Throws SkillsetError for usage errors. */
export async function resolveSettings(input: SettingsInput = {}): Promise<Settings> {
  const cwd = path.resolve(input.cwd ?? process.cwd());
  checkOptions(input);
  const diagnostics: Diagnostic[] = [];
  const folders = resolveRoots(input, cwd, diagnostics);
  const fs = input.fs ?? nodeFileSystem;
  await checkFolders(fs, [...folders.roots, ...folders.addDirs], input.filesAsSkills);
  const user = await loadUserConfig(input.userConfigFile);
  const project = await loadConfig({ cwd, file: input.configFile });
  const merged = mergeConfigs(user, project, {
    named: input.configFile !== undefined,
    cwd,
    trustProject: input.trustProject,
  });
  const config = merged.config;
  diagnostics.push(...merged.diagnostics);
  const cacheDir = input.cache === false ? false : await cacheFolder(input, cwd, fs, diagnostics);
  const skills = skillSettings(config, merged.trust, input.agent);
  if (input.hideAuditFailures !== undefined) skills.audit.hide = input.hideAuditFailures;
  const index = indexPlace(input, cwd, fs, folders, cacheDir, skills.audit);
  return {
    cwd,
    discover: discoverOptions(input, cwd, folders, cacheDir),
    cacheDir,
    ...index,
    rank: rankSettings(config.search, input.semantic),
    lint: {
      profile: input.profile ?? config.lint?.profile ?? 'recommended',
      rules: config.lint?.rules ?? {},
    },
    select: selectSettings(config.select),
    ...skills,
    configFile: project.file,
    userConfigFile: user.file,
    diagnostics,
    fs,
  };
}

/** The cache folder asked for, or false (with a warning) when it cannot be written. */
async function cacheFolder(
  input: SettingsInput,
  cwd: string,
  fs: FileSystem,
  diagnostics: Diagnostic[],
): Promise<string | false> {
  const dir = path.resolve(cwd, input.cacheDir ?? defaultCacheDir());
  const why = await unwritableReason(fs, dir);
  if (why === undefined) return dir;
  diagnostics.push(
    diagnostic(
      'cache/unusable',
      'warning',
      dir,
      `The cache folder ${dir} cannot be used (${why}); working without a cache`,
      { data: { reason: why } },
    ),
  );
  return false;
}

/** Discovery options: the folders to read, and the caller's precedence, agent and depth. */
function discoverOptions(
  input: SettingsInput,
  cwd: string,
  { given, roots, addDirs }: ResolvedRoots,
  cacheDir: string | false,
): DiscoverOptions {
  const discover: DiscoverOptions = { cwd, cacheDir };
  if (input.fs) discover.fs = input.fs;
  if (input.precedence) discover.precedence = input.precedence;
  if (input.agent) discover.agent = input.agent;
  if (addDirs.length > 0) discover.additionalDirs = addDirs;
  if (input.maxDepth !== undefined) discover.maxDepth = input.maxDepth;
  // Roots given (even when every file named is outside a skill) mean only those are read.
  if (given.length > 0) discover.roots = roots;
  return discover;
}

/** Where the index lives, whether the caller named it, and the key the kept states belong to. */
function indexPlace(
  input: SettingsInput,
  cwd: string,
  fs: FileSystem,
  { roots, addDirs }: ResolvedRoots,
  cacheDir: string | false,
  audit: AuditSettings,
): Pick<Settings, 'indexFile' | 'indexFileGiven' | 'stateKey'> {
  // One index per set of roots (and, for the standard scopes, per agent and added folders), and one
  // per audit screen: a catalog without its failing skills is another set of skills.
  const screen = audit.hide ? [`audit-hide:${audit.allow.join(',')}`] : [];
  const indexKey = [
    ...(roots.length > 0 ? roots : [cwd, `agent:${input.agent ?? 'skillset'}`, ...addDirs]),
    ...screen,
  ];
  const indexAt = cacheDir === false ? ':memory:' : defaultIndexFile(indexKey, cacheDir);
  const indexFile = input.indexFile
    ? indexLocation(cwd, input.indexFile)
    : fs === nodeFileSystem
      ? indexAt
      : ':memory:';
  return {
    indexFile,
    indexFileGiven: input.indexFile !== undefined,
    stateKey: input.indexFile ? indexFile : indexAt,
  };
}

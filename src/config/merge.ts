// The user's config and the project's, as one: the project's settings win, except that nothing a
// project holds can grant it trust. A found project config's `invoke.trustProject` and
// `invoke.trustedProjects` (and `audit.allow`) are ignored, and its `permissions.allow` rules apply only
// to a project the user trusts; deny rules add up, an override keeps the stricter of the two, and
// `shell: "off"` and `audit.hide: true` win.
// A config named by the caller (`--config`) is the caller's own, like the user's.

import nodeFs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { insideAny } from '../util/paths.js';
import type { LoadedConfig, SkillsetConfig } from './config.js';

/** How strict each override is: a project may tighten the user's, never loosen it. */
const STRICTNESS = { on: 0, 'name-only': 1, 'user-invocable-only': 2, off: 3 } as const;

type Override = keyof typeof STRICTNESS;

/** How the project's config stands, and what the caller says of trust. */
export interface MergeOptions {
  /** The caller named the file (`--config`): it is theirs, and every key counts. */
  named: boolean;
  /** The working folder: the project a trusted folder may cover. */
  cwd: string;
  /** The caller's own word (`--trust-project`, a session's `trustProject`); it overrides the files. */
  trustProject?: boolean | undefined;
  /** The home folder, for `~/` in `trustedProjects` (default `os.homedir()`). */
  home?: string;
}

/** Where the project's trust comes from, if it is trusted. */
export type TrustSource = 'option' | 'user-config' | 'config-file' | 'trusted-folder';

/** What the configs say of trust. */
export interface ConfigTrust {
  /** Every skill that came with a folder is trusted (the whole project and the folders given). */
  project: boolean;
  source?: TrustSource;
  /** Folders whose skills are trusted (real paths, as written in the files, resolved). */
  folders: string[];
}

/** `trustedProjects` entries as absolute folders: `~/` is the home folder, a relative one the file's. */
function folders(list: readonly string[] | undefined, file: string | undefined, home: string) {
  return (list ?? []).map((f) =>
    real(
      f === '~' || f.startsWith('~/')
        ? path.join(home, f.slice(1))
        : path.resolve(file ? path.dirname(file) : home, f),
    ),
  );
}

/** The real path, where there is one: skills are compared by theirs. */
function real(p: string): string {
  try {
    return nodeFs.realpathSync.native(p);
  } catch {
    return p;
  }
}

/** The 1-based line of the first `"key"` in `text`, for a diagnostic's position. */
function lineOf(text: string | undefined, key: string): number {
  const i = text?.split('\n').findIndex((l) => l.includes(`"${key}"`)) ?? -1;
  return i >= 0 ? i + 1 : 1;
}

function stricter(a: Override | undefined, b: Override | undefined): Override | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return STRICTNESS[b] > STRICTNESS[a] ? b : a;
}

const union = (a: readonly string[] = [], b: readonly string[] = []): string[] => [
  ...new Set([...a, ...b]),
];

/** Combine the user's config with the project's; what a project may not set is reported, not used. */
export function mergeConfigs(
  user: LoadedConfig,
  project: LoadedConfig,
  o: MergeOptions,
): { config: SkillsetConfig; diagnostics: Diagnostic[]; trust: ConfigTrust } {
  const diagnostics: Diagnostic[] = [];
  const trust = configTrust(user, project, o);
  const { invoke, permissions } = ownedSettings(project, o, trust.source, diagnostics);
  const own = withoutAuditAllow(withoutEndpoint(project, o, diagnostics), project, o, diagnostics);
  const config = combine(user.config, own, invoke, permissions);
  return { config, diagnostics, trust };
}

/**
 * The project's config without `search.embeddingEndpoint` when it was found rather than named: a
 * repository must not send the library's text and the user's queries to a server of its choosing.
 */
function withoutEndpoint(
  project: LoadedConfig,
  o: MergeOptions,
  diagnostics: Diagnostic[],
): SkillsetConfig {
  const p = project.config;
  if (o.named || project.file === undefined || p.search?.embeddingEndpoint === undefined) return p;
  diagnostics.push(
    diagnostic(
      'config/trust-ignored',
      'warning',
      project.file,
      "`search.embeddingEndpoint` in a project's own config is ignored: a project cannot send your skills and queries to a server of its choosing (set it in your user config, or name the file with --config)",
      {
        start: { line: lineOf(project.text, 'embeddingEndpoint'), column: 1 },
        data: { key: 'search.embeddingEndpoint' },
      },
    ),
  );
  const { embeddingEndpoint: _, ...search } = p.search;
  return { ...p, search };
}

/**
 * The project's config without `audit.allow` when it was found rather than named: a repository must
 * not let its own failing skills through the audit that hides them.
 */
function withoutAuditAllow(
  p: SkillsetConfig,
  project: LoadedConfig,
  o: MergeOptions,
  diagnostics: Diagnostic[],
): SkillsetConfig {
  if (o.named || project.file === undefined || p.audit?.allow === undefined) return p;
  diagnostics.push(
    diagnostic(
      'config/trust-ignored',
      'warning',
      project.file,
      "`audit.allow` in a project's own config is ignored: a project cannot let its own skills through the audit (set it in your user config, or name the file with --config)",
      { start: { line: lineOf(project.text, 'allow'), column: 1 }, data: { key: 'audit.allow' } },
    ),
  );
  const { allow: _, ...audit } = p.audit;
  return { ...p, audit };
}

/** What the configs (and the caller's word) say of trust in the project. */
function configTrust(user: LoadedConfig, project: LoadedConfig, o: MergeOptions): ConfigTrust {
  const u = user.config;
  const p = project.config;
  const home = o.home ?? os.homedir();
  const trusted = [
    ...folders(u.invoke?.trustedProjects, user.file, home),
    ...(o.named ? folders(p.invoke?.trustedProjects, project.file, home) : []),
  ];
  const source: TrustSource | undefined =
    o.trustProject !== undefined
      ? o.trustProject
        ? 'option'
        : undefined
      : u.invoke?.trustProject
        ? 'user-config'
        : o.named && p.invoke?.trustProject
          ? 'config-file'
          : insideAny(trusted, real(o.cwd))
            ? 'trusted-folder'
            : undefined;
  return {
    project: source !== undefined && source !== 'trusted-folder',
    ...(source ? { source } : {}),
    folders: [...new Set(trusted)],
  };
}

/**
 * The project's `invoke` and `permissions` without what a found project config may not set for
 * itself (trust; allow rules while untrusted), each key left out reported in `diagnostics`.
 */
function ownedSettings(
  project: LoadedConfig,
  o: MergeOptions,
  source: TrustSource | undefined,
  diagnostics: Diagnostic[],
): {
  invoke: NonNullable<SkillsetConfig['invoke']>;
  permissions: NonNullable<SkillsetConfig['permissions']>;
} {
  const p = project.config;
  const ignored = (key: string, why: string) => {
    const line = lineOf(project.text, key.split('.').pop() as string);
    diagnostics.push(
      diagnostic('config/trust-ignored', 'warning', project.file as string, why, {
        start: { line, column: 1 },
        data: { key },
      }),
    );
  };
  const pi = { ...p.invoke };
  const pp = { ...p.permissions };
  if (!o.named && project.file !== undefined) {
    if (pi.trustProject !== undefined || pi.trustedProjects !== undefined) {
      const key = pi.trustProject !== undefined ? 'invoke.trustProject' : 'invoke.trustedProjects';
      ignored(
        key,
        `\`${key}\` in a project's own config is ignored: a project cannot grant itself trust (pass --trust-project, or list the folder in \`invoke.trustedProjects\` of your user config)`,
      );
      delete pi.trustProject;
      delete pi.trustedProjects;
    }
    if ((pp.allow?.length ?? 0) > 0 && source === undefined) {
      ignored(
        'permissions.allow',
        `\`permissions.allow\` in a project's own config is ignored while the project is not trusted: its skills would allow themselves (trust the project, or put the rules in your user config)`,
      );
      delete pp.allow;
    }
  }
  return { invoke: pi, permissions: pp };
}

/** The user's config `u` and the project's `p` as one, with the project's own `invoke` and `permissions` (`pi`, `pp`). */
function combine(
  u: SkillsetConfig,
  p: SkillsetConfig,
  pi: NonNullable<SkillsetConfig['invoke']>,
  pp: NonNullable<SkillsetConfig['permissions']>,
): SkillsetConfig {
  const config: SkillsetConfig = { ...u, ...p };
  if (u.lint || p.lint)
    config.lint = { ...u.lint, ...p.lint, rules: { ...u.lint?.rules, ...p.lint?.rules } };
  if (u.search || p.search)
    config.search = {
      ...u.search,
      ...p.search,
      weights: { ...u.search?.weights, ...p.search?.weights },
    };
  if (u.select || p.select)
    config.select = {
      ...u.select,
      ...p.select,
      profiles: { ...u.select?.profiles, ...p.select?.profiles },
    };
  if (u.listing || p.listing) config.listing = { ...u.listing, ...p.listing };
  if (u.load || p.load) config.load = { ...u.load, ...p.load };
  // Hiding is a guard: either config turns it on, and a project cannot turn the user's off.
  if (u.audit || p.audit)
    config.audit = {
      ...u.audit,
      ...p.audit,
      ...(u.audit?.hide || p.audit?.hide ? { hide: true } : {}),
    };
  if (u.permissions || p.permissions) {
    const overrides: Record<string, Override> = { ...u.permissions?.overrides };
    for (const [k, v] of Object.entries(pp.overrides ?? {}))
      overrides[k] = stricter(overrides[k], v) as Override;
    config.permissions = {
      allow: union(u.permissions?.allow, pp.allow),
      deny: union(u.permissions?.deny, pp.deny),
      overrides,
    };
  }
  if (u.invoke || p.invoke) {
    const invoke: NonNullable<SkillsetConfig['invoke']> = { ...u.invoke };
    if (pi.timeoutMs !== undefined) invoke.timeoutMs = pi.timeoutMs;
    if (pi.shell === 'off' || u.invoke?.shell === 'off') invoke.shell = 'off';
    else if (pi.shell !== undefined) invoke.shell = pi.shell;
    delete invoke.trustProject;
    delete invoke.trustedProjects;
    config.invoke = invoke;
  }
  return config;
}

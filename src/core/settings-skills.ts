// The config file's `listing`, `permissions`, `load`, `invoke` and `audit` sections as settings, with
// their defaults.

import { listingDefaults } from '../agents/registry.js';
import { DEFAULT_LOAD_LIMITS, type LoadLimits } from '../compose/import-limits.js';
import type { ConfigTrust, TrustSource } from '../config/merge.js';
import type { SkillsetConfig } from '../config/schema.js';
import { DEFAULT_SHELL_TIMEOUT_MS } from '../invoke/shell.js';
import { securityRule } from '../lint/security/rule-name.js';

/** How the listing is built (docs/listing.md). */
export interface ListingSettings {
  budget?: number;
  contextTokens?: number;
  fraction?: number;
  entryCap?: number;
  /** Skills whose entries are never cut. */
  pinned: string[];
  format: 'markdown' | 'xml' | 'json';
}

/** Who may invoke what (docs/invocation.md). */
export interface PermissionSettings {
  allow: string[];
  deny: string[];
  overrides: Record<string, 'on' | 'name-only' | 'user-invocable-only' | 'off'>;
}

/** How invocation runs shell injection, and whose skills may run it. */
export interface InvokeSettings {
  shell: 'on' | 'off';
  /** Every skill that came with a folder is trusted (the host or the user said so). */
  trustProject: boolean;
  /** Where that trust, or the project's through a trusted folder, comes from. */
  trustSource?: TrustSource;
  /** Folders whose skills are trusted (the user config's `invoke.trustedProjects`). */
  trustedFolders: string[];
  timeoutMs: number;
}

/** Which skills the catalog leaves out for failing the audit (docs/audit.md). */
export interface AuditSettings {
  /** Skills with an `error` finding of the `security` profile are hidden from every face. */
  hide: boolean;
  /** Rules whose errors do not hide a skill, written in full (`security/pipe-to-shell`). */
  allow: string[];
}

/** The sections of `config` for skills, each with its defaults (the listing's are `agent`'s). */
export function skillSettings(
  config: SkillsetConfig,
  trust: ConfigTrust = { project: false, folders: [] },
  agent?: string,
): {
  listing: ListingSettings;
  permissions: PermissionSettings;
  load: LoadLimits;
  invoke: InvokeSettings;
  audit: AuditSettings;
} {
  const l = config.listing ?? {};
  const listing: ListingSettings = { pinned: l.pinned ?? [], format: l.format ?? 'xml' };
  if (l.budget !== undefined) listing.budget = l.budget;
  if (l.contextTokens !== undefined) listing.contextTokens = l.contextTokens;
  // The agent's share of the context and entry cap; its budget with no context size is 8,000 for
  // every agent, the listing's own default.
  const own = listingDefaults(agent);
  listing.fraction = l.fraction ?? own.fraction;
  listing.entryCap = l.entryCap ?? own.entryCap;
  const p = config.permissions ?? {};
  const i = config.invoke ?? {};
  const load = config.load ?? {};
  return {
    listing,
    permissions: { allow: p.allow ?? [], deny: p.deny ?? [], overrides: p.overrides ?? {} },
    load: {
      maxBytes: load.maxBytes ?? DEFAULT_LOAD_LIMITS.maxBytes,
      maxImports: load.maxImports ?? DEFAULT_LOAD_LIMITS.maxImports,
    },
    invoke: {
      shell: i.shell ?? 'on',
      trustProject: trust.project,
      ...(trust.source ? { trustSource: trust.source } : {}),
      trustedFolders: trust.folders,
      timeoutMs: i.timeoutMs ?? DEFAULT_SHELL_TIMEOUT_MS,
    },
    audit: {
      hide: config.audit?.hide ?? false,
      allow: [...new Set((config.audit?.allow ?? []).map(securityRule))].sort(),
    },
  };
}

// The skill model: typed front matter, the skill record, and where a skill came from.

import type { Diagnostic, Position } from '../diagnostics/diagnostic.js';

/** Where a skill was found; also the precedence unit for name clashes. */
export type Scope = 'managed' | 'project' | 'user' | 'additional' | 'legacy' | 'plugin' | 'nested';

/** One folder to search, with the scope it belongs to. */
export interface RootSpec {
  path: string;
  scope: Scope;
  /** Search below the root's children; the default is flat (`<root>/<name>/SKILL.md`). */
  recursive?: boolean;
  /** For plugin roots: the plugin's name, which qualifies its skills (`plugin:name`). */
  plugin?: string;
  /** For legacy roots: `.claude/commands`, one `.md` file per skill. */
  legacy?: boolean;
  /** Overrides the scope's place in the precedence order (lower wins), for presets that interleave scopes. */
  priority?: number;
}

/** A selection tier. */
export type Tier = 'critical' | 'standard' | 'optional';

/** Trigger lists from front matter `triggers`. */
export interface Triggers {
  /** Globs matched against active files. */
  files: string[];
  /** Phrases matched against the user's intent. */
  intents: string[];
  /** Keywords matched against the session context. */
  contexts: string[];
}

/** Model guidance from front matter `model-guidance`. */
export interface ModelGuidance {
  preferred?: string;
  minimumCapability?: string;
}

/** Front matter, typed and normalised; every field optional. Unknown fields stay in `extra`. */
export interface SkillFrontmatter {
  // open Agent Skills specification
  name?: string;
  description?: string;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string>;
  allowedTools?: string[];
  // coding-agent fields
  whenToUse?: string;
  argumentHint?: string;
  arguments?: string[];
  model?: string;
  effort?: string;
  context?: 'inline' | 'fork';
  agent?: string;
  disableModelInvocation?: boolean;
  userInvocable?: boolean;
  paths?: string[];
  hooks?: unknown;
  shell?: string;
  version?: string;
  aliases?: string[];
  disallowedTools?: string[];
  // selection fields
  triggers?: Triggers;
  threshold?: number;
  tier?: Tier | Record<string, Tier>;
  profiles?: string[];
  modelGuidance?: ModelGuidance;
  extends?: string;
  prerequisites?: string[];
  cache?: unknown;
  // library fields
  domain?: string;
  category?: string;
  tags?: string[];
  dependencies?: string[];
  updated?: string;
  author?: string;
  /** Fields skillset does not know, verbatim. */
  extra: Record<string, unknown>;
}

/** How a skill's description was obtained. */
export type DescriptionSource = 'frontmatter' | 'body' | 'none';

/** The result of parsing one SKILL.md's bytes: pure data, safe to cache. */
export interface ParsedSkillFile {
  /** False when the file cannot be a skill (binary); a diagnostic says why. */
  loadable: boolean;
  frontmatter: SkillFrontmatter;
  /** The front matter exactly as YAML gave it. */
  raw: Record<string, unknown>;
  /** Dotted field paths to positions in the file. */
  positions: Record<string, Position>;
  /** Source text of each scalar that YAML did not read as a string (`version: 1.0` → `1.0`), by path. */
  scalarSources: Record<string, string>;
  /** The effective description (front matter, or the body's first paragraph). */
  description: string;
  descriptionSource: DescriptionSource;
  /** sha256 of the file bytes, hex. */
  contentHash: string;
  bytes: number;
  /** Byte offset where the body starts (after a BOM and the front matter). */
  bodyOffset: number;
  /** 1-based line where the body starts. */
  bodyLine: number;
  diagnostics: Diagnostic[];
}

/** Where a skill came from. */
export interface SkillSource {
  scope: Scope;
  /** The root folder the skill was found under. */
  root: string;
  /** The plugin name, for plugin skills. */
  plugin?: string;
}

/** A skill record: identity, origin, parsed front matter and sizes; the body is read on demand. */
export interface Skill {
  /** Qualified name, unique in a catalog (`name`, `plugin:name`, `apps/web:name`). */
  id: string;
  /** The folder name: the skill's command name. */
  name: string;
  source: SkillSource;
  /** Absolute path of the SKILL.md (as found, links not resolved). */
  path: string;
  /** Absolute path of the skill folder. */
  dir: string;
  /** The SKILL.md's real path (links resolved); duplicates collapse on it. */
  realPath: string;
  frontmatter: SkillFrontmatter;
  raw: Record<string, unknown>;
  positions: Record<string, Position>;
  /** Source text of each scalar that YAML did not read as a string, by path. */
  scalarSources: Record<string, string>;
  description: string;
  descriptionSource: DescriptionSource;
  contentHash: string;
  size: { bytes: number; tokens: number };
  bodyOffset: number;
  bodyLine: number;
  diagnostics: Diagnostic[];
}

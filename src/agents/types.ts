// The vocabulary of an agent convention: where the agent reads skills (its discovery preset), what
// an export writes for it (its target) and how big its skill listing may be (its budget defaults).

import type { Scope, Skill } from '../skill/types.js';

/** A precedence order: earlier scopes win name clashes. */
export type Precedence = readonly Scope[];

/** Where one agent reads skills, as a table. Paths use `/`; project folders are relative to each project folder. */
export interface AgentPreset {
  /** The agent's name (`--agent`). */
  name: string;
  /** Skill folders read in the working folder, first wins among them. */
  project: readonly string[];
  /** The folders read in each parent up to the repository root (none: the working folder only). */
  parents: readonly string[];
  /** Skill folders under the home folder, first wins among them. */
  user: readonly string[];
  /** The administrator's folder on Linux, if the agent has one (`SKILLSET_MANAGED_DIR` overrides it). */
  managed?: string;
  /** Reads `.claude/commands/*.md` as skills (below skills of the same name). */
  legacy: boolean;
  /** Searches below a skills root's children (category folders), not just `<root>/<name>/SKILL.md`. */
  recursive: boolean;
  /** Scope order for name clashes: earlier wins. */
  precedence: Precedence;
  /**
   * For agents whose clash order interleaves scopes by folder (OpenCode: `.opencode` in the project,
   * then the user's, then `.agents` in the project…): the folders in winning order. Scope order is
   * then not used between project and user roots.
   */
  sourceOrder?: ReadonlyArray<{ scope: 'project' | 'user'; folder: string }>;
  /** What the agent's documentation says about a name clash, when it is not a plain winner. */
  clashNote?: string;
  /** The documentation pages the table follows. */
  docs: readonly string[];
}

/** How big the agent's skill listing may be when the config file says nothing (docs/listing.md). */
export interface ListingDefaults {
  /** The share of the context window the listing may take. */
  fraction: number;
  /** Characters when the context size is unknown. */
  budget: number;
  /** The most description plus when_to_use may take in one entry. */
  entryCap: number;
}

/** What an export needs of a skill. */
export type ExportSkill = Pick<Skill, 'id' | 'name' | 'description' | 'path' | 'dir'> & {
  frontmatter: Pick<Skill['frontmatter'], 'paths' | 'disableModelInvocation'>;
} & Partial<Pick<Skill, 'descriptionSource' | 'diagnostics'>>;

/** One file of a skill folder as a target reads it: its path inside the folder (`/`-separated). */
export interface SkillFolderFile {
  rel: string;
  bytes: Buffer;
  executable: boolean;
}

/** A skill as a target exports it. */
export interface ExportEntry {
  skill: ExportSkill;
  /** The file or folder name it is exported under. */
  stem: string;
  /** Where its SKILL.md is: relative to the out folder (`/`-separated) when inside it, else absolute. */
  location: string;
}

/** One file a target wants, relative to the out folder. */
export interface DesiredFile {
  path: string;
  bytes: Buffer;
  /** Keep the source's executable bit (agents-dir copies of scripts). */
  executable?: boolean;
  /** The file is shared with its owner (AGENTS.md): only the marked block is ours, so it is never refused. */
  shared?: boolean;
}

/** A file skillset would not touch, and why. */
export interface Refusal {
  /** Relative to the out folder, `/`-separated. */
  path: string;
  reason: string;
}

/** A file as found in the out folder. */
export type ExistingFile =
  | { kind: 'file'; bytes: Buffer; executable: boolean }
  | { kind: 'other'; what: string };

/** What a target wants: files, refusals found while rendering, folders whose old copies stay. */
export interface Rendered {
  desired: DesiredFile[];
  refused: Refusal[];
  keep: string[];
}

/** What the export engine lends a target while it renders. */
export interface RenderContext {
  /** Skills without `paths` always apply (Cursor rules, Copilot instructions). */
  alwaysApply: boolean;
  /** AGENTS.md bytes past which a warning is given. */
  agentsMdMaxBytes?: number;
  /** What is at `rel` (`/`-separated) in the out folder now. */
  readExisting(rel: string): Promise<ExistingFile | undefined>;
  /** Each entry's skill folder, copied byte for byte under `<base>/<stem>/`. */
  copyFolders(entries: readonly ExportEntry[], base: string): Promise<Rendered>;
  /** An entry's skill folder, read as copyFolders reads it; undefined (with a warning) when it cannot be. */
  readFolder(entry: ExportEntry): Promise<SkillFolderFile[] | undefined>;
  /** Notes for the user. */
  warn(message: string): void;
}

/** One export target (`--target`): the files it writes, all under its own folder. */
export interface ExportTargetModule<T extends string = string> {
  name: T;
  /** The folder its files go under, relative to the out folder ('' for the out folder itself). */
  base: string;
  /**
   * Which skills and names: `copies` (skill folders or archives of them, every skill, one a name), `per-file` (one
   * file a skill, clashing names by id) or `list` (one list, skills the model may load).
   */
  shape: 'copies' | 'per-file' | 'list';
  /** True for a path (relative to the out folder, `/`-separated) that is one of its own files. */
  isOwnPath(p: string): boolean;
  /** The files it wants for `entries`. */
  render(entries: readonly ExportEntry[], ctx: RenderContext): Promise<Rendered>;
}

/** One agent convention: its discovery preset, its export target and its listing defaults, each when it has one. */
export interface AgentConvention<N extends string = string, T extends string = string> {
  name: N;
  /** Where the agent reads skills (`--agent`). */
  preset?: AgentPreset & { name: N };
  /** What `skillset export --target` writes for the agent. */
  target?: ExportTargetModule<T>;
  listing: ListingDefaults;
}

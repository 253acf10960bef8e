// The export's vocabulary: targets, options, the files a target wants, and what a run did.

import type { ExportTarget } from '../agents/registry.js';
import type { Refusal } from '../agents/types.js';
import type { FileSystem } from '../files/fs.js';

export { EXPORT_TARGETS, type ExportTarget } from '../agents/registry.js';
export type {
  DesiredFile,
  ExistingFile,
  ExportEntry,
  ExportSkill,
  Refusal,
} from '../agents/types.js';

/** Options of exportSkills. */
export interface ExportOptions {
  target: ExportTarget;
  /** The project folder written into (made if missing). */
  outDir: string;
  /** Write nothing; report in `drift` what a run would change. */
  check?: boolean;
  /** Overwrite or remove files skillset did not write, or that were edited since. */
  force?: boolean;
  /**
   * What AGENTS.md entries, rules and instructions point to: the skill where it was found
   * (`source`, the default) or its copy under `.agents/skills` (`agents-dir`, for a project that
   * exports both).
   */
  pointTo?: 'source' | 'agents-dir';
  /** Skills without `paths`: Cursor rules and Copilot instructions always apply (default false: on demand). */
  alwaysApply?: boolean;
  /** AGENTS.md bytes Codex reads (default 32,768: `project_doc_max_bytes`); past it, a warning. */
  agentsMdMaxBytes?: number;
  /** The file system skills are read from and the out folder written to (default: the real one). */
  fs?: FileSystem;
}

/** What an export did (or, with `check`, would do). Paths are relative to the out folder, `/`-separated, sorted. */
export interface ExportResult {
  target: ExportTarget;
  /** The out folder, absolute. */
  outDir: string;
  /** Files created or changed (the manifest included when it changed). Empty with `check`. */
  written: string[];
  /** Files already as the export wants them. */
  unchanged: string[];
  /** Files of skills that are gone, removed. Empty with `check`. */
  removed: string[];
  /** With `check`: every file a run would write, remove or refuse. Empty otherwise. */
  drift: string[];
  /** Files not ours (or edited since) that were left alone; `force` overwrites them. */
  refused: Refusal[];
  /** Notes for the user: the AGENTS.md size, links not followed, skills left out. */
  warnings: string[];
}

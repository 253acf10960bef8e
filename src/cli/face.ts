// What the CLI adds to an operation: its command line (arguments, flags, help), and how the parsed
// command line becomes the operation's input and the service's settings.

import type { Command } from 'commander';
import type { SettingsInput } from '../core/settings.js';
import type { SkillsetError } from '../errors.js';

/** A parsed command line, as the operation and the service take it. */
export interface FaceInput {
  /** The skills roots named on the command line. */
  paths: readonly string[];
  /** The operation's input. */
  input: unknown;
  /** Settings beyond those every command's flags give (lint's profile, say). */
  settings?: Partial<SettingsInput>;
}

/** Which diagnostics go to stderr: all, all but info (lint, whose output they are), or the run's own and a line for the library's. */
export type ReportMode = 'all' | 'errors' | 'library';

/** The CLI face of one operation. */
export interface CliFace {
  /** Add the command to the program: its arguments, flags and help (the runner adds the action). */
  define(program: Command): Command;
  /**
   * The input for the command line: `operands` are the positional arguments as commander gives them,
   * `opts` the flags.
   */
  // biome-ignore lint/suspicious/noExplicitAny: commander types the flags by the command's own definition
  input(operands: any[], opts: any, cmd: Command): FaceInput;
  /** Which diagnostics go to stderr (default `library`). */
  report?: ReportMode | ((input: FaceInput) => ReportMode);
  /** Restate a problem met making the service, for this command (invoke's arguments after `--`). */
  settingsProblem?(e: SkillsetError, operands: readonly unknown[]): SkillsetError;
}

/** `o` without its undefined values (flags not given). */
export function defined<T extends Record<string, unknown>>(
  o: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as never;
}

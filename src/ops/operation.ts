// What an operation is: a name, an input schema, a run that makes the service calls and returns an
// Outcome of a View, and the View's text for a person. The faces (the CLI, the MCP server, the
// session) loop over the table of them (table.ts): a face parses its input, runs the operation and
// formats the View, and says nothing of its own.

import type { ZodObject, ZodRawShape, z } from 'zod';
import type { InPlay } from '../catalog/visibility.js';
import type { Outcome } from '../core/outcome.js';
import type { SkillService } from '../core/service.js';
import type { SettingsInput } from '../core/settings.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ApprovalState } from '../invoke/permissions.js';
import type { LoadForm } from '../render/load-result.js';

/** The faces an operation has. */
export type Face = 'cli' | 'mcp' | 'session';

/**
 * Who runs an operation, and what their face keeps from call to call. The user (a command line, a
 * prompt they picked) may load any skill; the model (a tool call) only what the catalog lets it.
 */
export interface Caller {
  by: 'user' | 'model';
  /** Count loads and invocations toward the usage-ranked listing (a session and a server do). */
  record?: boolean;
  /** The conditional skills in play for the model (a session's activated ones; default all). */
  inPlay?: InPlay;
  /** How loaded bodies are wrapped (a session's choice). */
  form?: LoadForm;
  /** The session an invocation belongs to (`${SESSION_ID}`). */
  sessionId?: string;
  /** Approvals a session recorded. */
  approvals?: ApprovalState;
  /** The host trusts the project. */
  trustProject?: boolean;
  /** The call came over MCP without --trust-shell: its skill is never trusted to run shell. */
  remote?: boolean;
}

/** The user at a command line. */
export const USER: Caller = { by: 'user' };

/** What a run is given: the service, who calls, and the settings the service was made from. */
export interface RunContext {
  service: SkillService;
  caller: Caller;
  /** What the service's settings were resolved from (eval's manifest makes a service per set). */
  settingsInput?: SettingsInput;
}

/** What the CLI's exit says about a View: its code, and a line for stderr when the code is not plain. */
export interface Exit {
  code: number;
  say?: string;
}

/** The zod the MCP face builds schemas with; an operation's module never loads zod itself (CLI starts stay light). */
export type Zod = typeof z;

/**
 * One operation. `I` is its input, as the input schema parses it; `V` the View it returns, which is
 * what `--json` prints (unless `json` says otherwise) and what a structured result holds.
 */
export interface Operation<I, V> {
  name: string;
  /** The input, as a schema built with the zod given (so that only a face that validates loads it). */
  input(z: Zod): ZodObject<ZodRawShape>;
  run(ctx: RunContext, input: I): Promise<Outcome<V>>;
  /**
   * The Outcome when `input` needs no library and no settings (lint's list of rules), else
   * undefined: a face then makes no service, and a broken config or root does not stand in the way.
   */
  alone?(input: I): Outcome<V> | undefined;
  /** The View for a person: a terminal's text (the diagnostics met, for what they say of an empty result). */
  text(view: V, input: I, diagnostics: readonly Diagnostic[]): string;
  /** How the text is written: as text, or as serialised JSON kept exact (a SARIF report, say). */
  form?(input: I): 'text' | 'json';
  /** The View as `--json` prints it, when that is not the View itself: serialised, exact. */
  json?(view: V, input: I): string;
  /** The CLI's exit for the View (default 0). */
  exit?(view: V, input: I): Exit;
}

/** An operation of any input and View, as the table holds it. */
// biome-ignore lint/suspicious/noExplicitAny: the table holds operations of every input and View
export type AnyOperation = Operation<any, any>;

/** Define an operation; the identity, for its types. */
export function operation<I, V>(op: Operation<I, V>): Operation<I, V> {
  return op;
}

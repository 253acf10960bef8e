// What a service call returns: a value with the diagnostics met on the way, or a problem with a stable code.

import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { SkillsetError } from '../errors.js';

/** Something the caller can fix (an unknown skill, a missing file), with a stable code. */
export interface Problem {
  /** Stable, namespaced kebab-case code, e.g. `usage/unknown-skill`. */
  code: string;
  message: string;
  /** One line on what to do about it (a did-you-mean, say). */
  hint?: string;
  /** Structured facts behind the message (the closest names, the file). */
  data?: Record<string, unknown>;
}

/** A service call's result: a value, or a problem; either way the diagnostics seen on the way. */
export type Outcome<T> =
  | { ok: true; value: T; diagnostics: Diagnostic[] }
  | { ok: false; problem: Problem; diagnostics: Diagnostic[] };

/** The problem an environment or usage error stands for. */
export function problemOf(e: SkillsetError): Problem {
  const p: Problem = { code: e.code, message: e.message };
  if (e.hint) p.hint = e.hint;
  if (e.data) p.data = e.data;
  return p;
}

/**
 * Run `f` and wrap what it returns. A SkillsetError becomes a problem; anything else is our own bug
 * and is thrown on.
 */
export async function attempt<T>(
  diagnostics: Diagnostic[],
  f: () => Promise<T> | T,
): Promise<Outcome<T>> {
  try {
    const value = await f();
    return { ok: true, value, diagnostics };
  } catch (e) {
    if (e instanceof SkillsetError) return { ok: false, problem: problemOf(e), diagnostics };
    throw e;
  }
}

// A session call as one Outcome over several service calls: each step's value is taken in turn, its
// diagnostics kept; the first problem ends the call as its outcome, as the service's own would.

import { type Outcome, type Problem, problemOf } from '../core/outcome.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { SkillsetError } from '../errors.js';

/** Unwraps one step's outcome: its value, or the end of the call with its problem. */
export type Take = <U>(outcome: Outcome<U>) => U;

/** The problem that ended a call, carried out of it. */
class Stopped {
  constructor(readonly problem: Problem) {}
}

/**
 * Run `steps`, whose `take` unwraps each service outcome. A problem (a step's, or a SkillsetError the
 * steps throw) is the call's outcome; every diagnostic met is kept once, in order. Anything else is a
 * bug, and is thrown on.
 */
export async function flow<T>(steps: (take: Take) => Promise<T> | T): Promise<Outcome<T>> {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const take: Take = (o) => {
    for (const d of o.diagnostics) {
      const key = JSON.stringify(d);
      if (!seen.has(key)) {
        seen.add(key);
        diagnostics.push(d);
      }
    }
    if (o.ok) return o.value;
    throw new Stopped(o.problem);
  };
  try {
    return { ok: true, value: await steps(take), diagnostics };
  } catch (e) {
    if (e instanceof Stopped) return { ok: false, problem: e.problem, diagnostics };
    if (e instanceof SkillsetError) return { ok: false, problem: problemOf(e), diagnostics };
    throw e;
  }
}

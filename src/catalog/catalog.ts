// The catalog as a value: what discovery found (skills, the copies that lost, diagnostics, roots,
// decisions) with the visibility policy applied once, for every face and every call to read. Built
// once per discovery and set of rules; it changes nothing it was given.

import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { RootSpec, Skill } from '../skill/types.js';
import type { Decision } from './resolve.js';
import {
  type HiddenReason,
  hiddenMessage,
  hiddenReason,
  type InPlay,
  type Visibility,
  type VisibilityRules,
  visibilityOf,
} from './visibility.js';

/** What discovery found: the catalog, the skills that lost a clash, and every diagnostic. */
export interface Discovery {
  /** Loaded skills, sorted by id. */
  skills: Skill[];
  /** Skills shadowed by a higher-precedence skill with the same id. */
  shadowed: Skill[];
  /** All diagnostics (the skills' own included), sorted by file and position. */
  diagnostics: Diagnostic[];
  /** The roots that were read, in precedence order. */
  roots: RootSpec[];
  /** What resolution decided: duplicates collapsed, names qualified, skills shadowed. */
  decisions: Decision[];
}

/** A skill the model may not load, or may not load yet, and why. */
export interface Refused {
  id: string;
  reason: HiddenReason;
  /** The sentence that follows the skill's name (`hidden by its override`). */
  message: string;
  /** The permission decision's own words, for a refusal by rule or override. */
  detail?: string;
}

/** What discovery found, with each loaded skill's visibility. */
export interface Catalog extends Discovery {
  /** Each loaded skill's place in the policy, by id. */
  readonly visibility: ReadonlyMap<string, Visibility>;
}

const built = new WeakMap<Discovery, WeakMap<VisibilityRules, Catalog>>();

/** The catalog of `d` under `rules`: the same object for the same discovery and rules. */
export function catalogOf(d: Discovery, rules: VisibilityRules): Catalog {
  let byRules = built.get(d);
  if (!byRules) {
    byRules = new WeakMap();
    built.set(d, byRules);
  }
  let c = byRules.get(rules);
  if (!c) {
    // Worked out on first read: search and list never read it, and it reads every front matter.
    let visibility: Map<string, Visibility> | undefined;
    c = Object.freeze({
      ...d,
      get visibility() {
        visibility ??= new Map(d.skills.map((s) => [s.id, visibilityOf(s, rules)]));
        return visibility;
      },
    });
    byRules.set(rules, c);
  }
  return c;
}

const UNKNOWN: Visibility = { shows: 'full', conditional: false, invocable: true };

/** The policy for the skill `id` (a skill the catalog does not hold is visible: the caller decides). */
export const visibilityIn = (c: Catalog, id: string): Visibility => c.visibility.get(id) ?? UNKNOWN;

/** Why the model may not load `id` with `inPlay` conditional skills, or undefined when it may. */
export function refusal(c: Catalog, id: string, inPlay: InPlay): Refused | undefined {
  const v = visibilityIn(c, id);
  const reason = hiddenReason(v, id, inPlay);
  if (reason === null) return undefined;
  return {
    id,
    reason,
    message: hiddenMessage(reason),
    ...(v.refused ? { detail: v.refused.detail } : {}),
  };
}

/** The ids the model may load, in catalog order, with `inPlay` conditional skills. */
export function loadableIds(c: Catalog, inPlay: InPlay): string[] {
  return c.skills.filter((s) => refusal(c, s.id, inPlay) === undefined).map((s) => s.id);
}

/** The skills the model may not load whatever files are touched, in catalog order. */
export function refusedSkills(c: Catalog): Refused[] {
  const out: Refused[] = [];
  for (const s of c.skills) {
    const r = refusal(c, s.id, 'all');
    if (r) out.push(r);
  }
  return out;
}

/** The skills the user may invoke (prompts, `/name`), in catalog order. */
export const invocableSkills = (c: Catalog): Skill[] =>
  c.skills.filter((s) => visibilityIn(c, s.id).invocable);

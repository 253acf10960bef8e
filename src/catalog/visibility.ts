// Who may see and use each skill: one policy, decided once per catalog and settings, that the listing,
// load_skill, select, the MCP resources and prompts, the session and lint all read. A skill is
// refused to the model (its override, a deny rule, `disable-model-invocation`), conditional (`paths`:
// in play once a touched file matches), and invocable by the user or not.

import {
  decideSkillPermission,
  gate,
  overrideFor,
  type PermissionPolicy,
  type SkillOverride,
} from '../invoke/permissions.js';
import type { Skill } from '../skill/types.js';

/** Why the model may not load a skill. */
export type Refusal = 'override' | 'denied' | 'disable-model-invocation';

/** Why a skill is not in the listing: refused, or conditional and not yet activated. */
export type HiddenReason = Refusal | 'inactive-paths';

/** One skill's place in the policy. */
export interface Visibility {
  /** What the listing shows of it when it is in play: its description, or its name alone. */
  shows: 'full' | 'name-only';
  /** Why the model may not load it (and is not told of it), with the decision's own words. */
  refused?: { reason: Refusal; detail: string };
  /** It has `paths`: it is in play once a touched file matches one. */
  conditional: boolean;
  /** The user may invoke it (a prompt, `/name`). */
  invocable: boolean;
}

/**
 * The conditional skills in play: the ids activated so far, or `all` for a face that cannot know
 * which files were touched (an MCP client has no way to say), where every conditional skill is.
 */
export type InPlay = ReadonlySet<string> | 'all';

/** The rules the policy reads: overrides by id or name, and deny rules. */
export type VisibilityRules = Pick<PermissionPolicy, 'overrides' | 'deny'>;

/** No rules: what the front matter alone decides (lint's view of a library). */
export const NO_RULES: VisibilityRules = Object.freeze({});

const STEPS: Partial<Record<string, Refusal>> = {
  override: 'override',
  frontmatter: 'disable-model-invocation',
  'deny-rule': 'denied',
};

/** Some pattern of `paths` can match: blank ones match nothing, as in activation. */
export const anyPattern = (paths: readonly string[] | undefined): boolean =>
  (paths ?? []).some((p) => p.trim() !== '');

/** A skill with `paths` that can match is conditional. */
export const isConditional = (s: Pick<Skill, 'frontmatter'>): boolean =>
  anyPattern(s.frontmatter.paths);

/** Why the model may not load `s` under `rules` (its override, its front matter, a deny rule). */
function refusalOf(
  s: Skill,
  rules: VisibilityRules,
  override: SkillOverride,
): Visibility['refused'] {
  const blocked = gate(s, 'model', override);
  if (blocked) return { reason: STEPS[blocked.step] ?? 'override', detail: blocked.reason };
  // Only a deny rule is left to refuse: with none, the decision's other steps are not needed.
  if ((rules.deny ?? []).length === 0) return undefined;
  const d = decideSkillPermission(s, { by: 'model' }, rules);
  return d.decision === 'deny' && d.step === 'deny-rule'
    ? { reason: 'denied', detail: d.reason }
    : undefined;
}

/** The policy for one skill under `rules`. */
export function visibilityOf(s: Skill, rules: VisibilityRules): Visibility {
  const override = overrideFor(s, rules.overrides);
  const refused = refusalOf(s, rules, override);
  return {
    shows: override === 'name-only' ? 'name-only' : 'full',
    ...(refused ? { refused } : {}),
    conditional: isConditional(s),
    invocable: gate(s, 'user', override) === undefined,
  };
}

/** Why the skill `id` is out of the listing (and not the model's to load), or null when it is in. */
export function hiddenReason(v: Visibility, id: string, inPlay: InPlay): HiddenReason | null {
  if (v.refused) return v.refused.reason;
  if (v.conditional && inPlay !== 'all' && !inPlay.has(id)) return 'inactive-paths';
  return null;
}

const MESSAGES: Record<HiddenReason, string> = {
  override: 'hidden by its override',
  denied: 'denied to the model by a permission rule',
  'disable-model-invocation':
    'has `disable-model-invocation: true`: only the user invokes it, so the model is not told of it',
  'inactive-paths': 'is conditional (`paths`) and no touched file has activated it yet',
};

/** The sentence a reason prints as, after the skill's name. */
export function hiddenMessage(reason: HiddenReason): string {
  return MESSAGES[reason];
}

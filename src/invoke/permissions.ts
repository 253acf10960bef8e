// Skill permissions: whether a skill may be invoked now (allow), must not be (deny), or needs the
// host to ask (ask). Pure: the answer to an ask comes back from the host as a recorded approval.
//
// Order of decision, first match wins:
// 1. Invocation gates: an override `off` denies every call; `user-invocable-only` denies model
//    calls; the skill's own `disable-model-invocation: true` denies model calls and
//    `user-invocable: false` denies user calls.
// 2. Deny rules (`Skill(…)`), matched against the skill's id, plain name and aliases.
// 3. Allow rules, matched against the skill's id only.
// 4. A recorded approval for the skill's current content hash (a changed skill asks again).
// 5. Auto-allow when every front matter key is in SAFE_SKILL_PROPERTIES.
// 6. Ask, listing the properties that are not safe.
// An allow from steps 3-5 turns into an ask while a deny rule cannot be read: the unread rule might
// have denied this skill.

import { parseBoolean } from '../skill/normalize.js';
import {
  parseSkillRules,
  type RuleProblem,
  ruleMatches,
  type SkillRule,
  unsafeProperties,
} from './permission-rules.js';

export { type RuleProblem, SAFE_SKILL_PROPERTIES, unsafeProperties } from './permission-rules.js';

/** A per-skill override from settings, as Claude Code's `skillOverrides` spells it. */
export type SkillOverride = 'on' | 'name-only' | 'user-invocable-only' | 'off';

/** Every override value. */
export const SKILL_OVERRIDES: readonly SkillOverride[] = Object.freeze([
  'on',
  'name-only',
  'user-invocable-only',
  'off',
]);

/** How a skill appears in the listing the model sees. */
export type ListingVisibility = 'full' | 'name-only' | 'hidden';

/** Recorded approvals, keyed by skill id, each bound to the content hash that was approved. */
export interface ApprovalState {
  version: 1;
  approvals: Record<string, { contentHash: string; at: number }>;
}

/** What the host configured: rule lists, overrides by skill id or name, and recorded approvals. */
export interface PermissionPolicy {
  allow?: readonly string[];
  deny?: readonly string[];
  overrides?: Readonly<Record<string, SkillOverride>>;
  approvals?: ApprovalState;
}

/** The facts about a skill a decision reads; `raw` is the front matter as written. */
export interface PermissionSubject {
  id: string;
  name: string;
  contentHash: string;
  raw: Record<string, unknown>;
}

/** Who invokes the skill, and with which arguments. */
export interface PermissionRequest {
  by: 'model' | 'user';
  args?: string;
}

/** The step of the decision order that decided. */
export type DecisionStep =
  | 'override'
  | 'frontmatter'
  | 'deny-rule'
  | 'allow-rule'
  | 'approval'
  | 'safe-properties'
  | 'ask';

/** A decision and why: the rule that decided, the unsafe properties, the rules that did not read. */
export interface PermissionDecision {
  decision: 'allow' | 'deny' | 'ask';
  step: DecisionStep;
  reason: string;
  rule?: string;
  unsafe?: string[];
  problems?: RuleProblem[];
}

const OVERRIDES: ReadonlySet<string> = new Set(SKILL_OVERRIDES);

/**
 * The override in force for a skill: the entry under its id, else under its name, else `on`. An
 * entry skillset does not know reads as `off` (fail closed); `overrideProblems` reports it.
 */
export function overrideFor(
  skill: string | Pick<PermissionSubject, 'id' | 'name'>,
  overrides: Readonly<Record<string, SkillOverride>> | undefined,
): SkillOverride {
  const keys = typeof skill === 'string' ? [skill] : [skill.id, skill.name];
  for (const key of keys) {
    if (!overrides || !Object.hasOwn(overrides, key)) continue;
    const value: unknown = overrides[key];
    return typeof value === 'string' && OVERRIDES.has(value) ? (value as SkillOverride) : 'off';
  }
  return 'on';
}

/** How the listing shows a skill under its override: in full, by name only, or not at all. */
export function listingVisibility(
  skill: string | Pick<PermissionSubject, 'id' | 'name'>,
  overrides: Readonly<Record<string, SkillOverride>> | undefined,
): ListingVisibility {
  const o = overrideFor(skill, overrides);
  return o === 'on' ? 'full' : o === 'name-only' ? 'name-only' : 'hidden';
}

/** The override entries whose value is not one of SKILL_OVERRIDES, as messages. */
export function overrideProblems(
  overrides: Readonly<Record<string, unknown>> | undefined,
): string[] {
  return Object.entries(overrides ?? {})
    .filter(([, v]) => typeof v !== 'string' || !OVERRIDES.has(v))
    .map(
      ([k, v]) =>
        `Unexpected override ${JSON.stringify(v)} for \`${k}\`, expected ${SKILL_OVERRIDES.map((o) => `\`${o}\``).join(', ')}`,
    );
}

/** The state with an approval of the skill's current content; the input is not changed. */
export function recordApproval(
  state: ApprovalState | undefined,
  skill: Pick<PermissionSubject, 'id' | 'contentHash'>,
  at: number,
): ApprovalState {
  return {
    version: 1,
    approvals: { ...state?.approvals, [skill.id]: { contentHash: skill.contentHash, at } },
  };
}

/** The state without any approval of the skill; the input is not changed. */
export function revokeApproval(state: ApprovalState | undefined, skillId: string): ApprovalState {
  const approvals = { ...state?.approvals };
  delete approvals[skillId];
  return { version: 1, approvals };
}

/** The approval recorded for exactly this content of the skill, if any. */
export function approvalFor(
  state: ApprovalState | undefined,
  skill: Pick<PermissionSubject, 'id' | 'contentHash'>,
): { contentHash: string; at: number } | undefined {
  const entry =
    state && Object.hasOwn(state.approvals, skill.id) ? state.approvals[skill.id] : undefined;
  return entry?.contentHash === skill.contentHash ? entry : undefined;
}

/** Read an approval state from parsed JSON; entries that are not `{ contentHash, at }` are dropped. */
export function parseApprovalState(value: unknown): ApprovalState {
  const approvals: ApprovalState['approvals'] = {};
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(value) && value.version === 1 && isObject(value.approvals)) {
    for (const [id, entry] of Object.entries(value.approvals)) {
      if (isObject(entry) && typeof entry.contentHash === 'string' && Number.isFinite(entry.at)) {
        approvals[id] = { contentHash: entry.contentHash, at: entry.at as number };
      }
    }
  }
  return { version: 1, approvals };
}

/**
 * What blocks `by` from invoking `skill` before any rule is read: its override (`off`, or
 * `user-invocable-only` for the model) or its front matter (`disable-model-invocation`,
 * `user-invocable: false`); undefined when nothing does.
 */
export function gate(skill: PermissionSubject, by: 'model' | 'user', override: SkillOverride) {
  const who = by === 'model' ? 'the model' : 'the user';
  if (override === 'off') {
    return { step: 'override' as const, reason: `\`${skill.id}\` is turned off by its override` };
  }
  if (by === 'model' && override === 'user-invocable-only') {
    return {
      step: 'override' as const,
      reason: `\`${skill.id}\` is user-invocable-only by its override, so ${who} cannot invoke it`,
    };
  }
  if (by === 'model' && parseBoolean(skill.raw['disable-model-invocation']) === true) {
    return {
      step: 'frontmatter' as const,
      reason: `\`${skill.id}\` sets \`disable-model-invocation: true\`, so ${who} cannot invoke it`,
    };
  }
  if (by === 'user' && parseBoolean(skill.raw['user-invocable']) === false) {
    return {
      step: 'frontmatter' as const,
      reason: `\`${skill.id}\` sets \`user-invocable: false\`, so ${who} cannot invoke it`,
    };
  }
  return undefined;
}

function aliases(raw: Readonly<Record<string, unknown>>): string[] {
  const value = raw.aliases;
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(/[\s,]+/)
      : [];
  return list
    .filter((a): a is string => typeof a === 'string' && a !== '')
    .map((a) => a.replace(/^\//, ''));
}

function when(at: number): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? `at ${at}` : `on ${date.toISOString()}`;
}

function firstMatch(
  rules: readonly SkillRule[],
  names: readonly string[],
  args: string | undefined,
  list: 'allow' | 'deny',
): SkillRule | undefined {
  return rules.find((r) => ruleMatches(r, names, args, list));
}

/** Decide whether `skill` may be invoked as `request` asks, under `policy` (order in the header). */
export function decideSkillPermission(
  skill: PermissionSubject,
  request: PermissionRequest,
  policy: PermissionPolicy,
): PermissionDecision {
  const blocked = gate(skill, request.by, overrideFor(skill, policy.overrides));
  if (blocked) return { decision: 'deny', ...blocked };

  const deny = parseSkillRules(policy.deny);
  const allow = parseSkillRules(policy.allow);
  const problems = [...deny.problems, ...allow.problems];
  const withProblems = (d: PermissionDecision): PermissionDecision =>
    problems.length > 0 ? { ...d, problems } : d;

  const denyNames = [...new Set([skill.id, skill.name, ...aliases(skill.raw)])];
  const denied = firstMatch(deny.rules, denyNames, request.args, 'deny');
  if (denied) {
    return withProblems({
      decision: 'deny',
      step: 'deny-rule',
      reason: `denied by the rule \`${denied.text}\``,
      rule: denied.text,
    });
  }

  const unsafe = unsafeProperties(skill.raw);
  const allowed = (d: Omit<PermissionDecision, 'decision'>): PermissionDecision => {
    const unread = deny.problems[0];
    if (unread === undefined) return withProblems({ decision: 'allow', ...d });
    return withProblems({
      decision: 'ask',
      step: 'ask',
      reason: `${d.reason}, but the deny rule \`${unread.rule}\` cannot be read, so asking instead`,
      ...(unsafe.length > 0 ? { unsafe } : {}),
    });
  };

  const allowRule = firstMatch(allow.rules, [skill.id], request.args, 'allow');
  if (allowRule) {
    return allowed({
      step: 'allow-rule',
      reason: `allowed by the rule \`${allowRule.text}\``,
      rule: allowRule.text,
    });
  }

  const approval = approvalFor(policy.approvals, skill);
  if (approval) {
    return allowed({
      step: 'approval',
      reason: `approved for this content ${when(approval.at)}`,
    });
  }

  if (unsafe.length === 0) {
    return allowed({
      step: 'safe-properties',
      reason: 'every property is in the safe-property allowlist',
    });
  }

  const changed = policy.approvals && Object.hasOwn(policy.approvals.approvals, skill.id);
  return withProblems({
    decision: 'ask',
    step: 'ask',
    reason: `\`${skill.id}\` ${changed ? 'changed since it was approved and ' : ''}has properties that need approval: ${unsafe.join(', ')}`,
    unsafe,
  });
}

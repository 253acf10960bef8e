// The rules a skill permission decision applies: the `Skill(…)` rules as Claude Code writes them
// (parse `Skill`, `Skill(name)`, `Skill(name *)`, the legacy `Skill(prefix:*)`, and match them
// against an invocation), and the allowlist of front matter properties that need no approval.
//
// Meanings (docs: code.claude.com/docs/en/skills, "Restrict Claude's skill access"):
// - `Skill` and `Skill(*)` cover every skill.
// - `Skill(name)` is the skill `name`. As an allow rule it covers an invocation without arguments
//   only; as a deny rule it covers the name with any arguments, so arguments cannot dodge a deny.
// - `Skill(name *)` is "prefix match with any arguments": the skill `name` with or without
//   arguments, and the skills namespaced under it (`name:x`). `Skill(name:*)` is the legacy spelling
//   of the same rule (Claude Code suggests `name:*` to "allow any args"). The prefix ends at a word
//   boundary: `Skill(review:*)` covers `review:pr`, not `reviewer`, as `Bash(ls *)` does not cover
//   `lsof` and `Skill(anthropic *)` does not cover `anthropic-skills:pdf`.
// - `Skill(skill:name)`, the parameter form, also covers what `Skill(name)` covers.
// A leading `/` on the name is dropped, as Claude Code does.

import { KNOWN_FIELDS } from '../skill/normalize.js';

/** A parsed `Skill(…)` rule; `text` is the rule as written. */
export type SkillRule =
  | { kind: 'all'; text: string }
  | { kind: 'exact'; name: string; text: string }
  | { kind: 'prefix'; name: string; text: string };

/** A rule that could not be read: the rule text and what is wrong with it. */
export interface RuleProblem {
  rule: string;
  message: string;
}

/** Which list a rule came from; an allow rule reads narrower than a deny rule. */
export type RuleList = 'allow' | 'deny';

const PARAMETER = 'skill:';
const EXPECTED = 'expected `Skill`, `Skill(name)`, `Skill(name *)` or `Skill(prefix:*)`';

function checkName(name: string, text: string): string | undefined {
  if (name === '') return `Unexpected empty skill name in \`${text}\`, ${EXPECTED}`;
  const bad = /[\s*()]/.exec(name);
  if (!bad) return undefined;
  if (/\s/.test(bad[0])) {
    const [head, ...rest] = name.split(/\s+/);
    return `Unexpected arguments \`${rest.join(' ')}\` in \`${text}\`, expected \`Skill(${head})\` or \`Skill(${head} *)\``;
  }
  if (bad[0] === '*') {
    const head = name.replace(/[*:]+$/, '');
    return `Unexpected \`*\` in \`${text}\`, expected \`Skill(${head} *)\` or \`Skill(${head}:*)\``;
  }
  return `Unexpected \`${bad[0]}\` in the skill name of \`${text}\`, ${EXPECTED}`;
}

/** Parse one rule string; a rule that cannot be read is a problem naming the rule, never a throw. */
export function parseSkillRule(
  text: string,
): { ok: true; value: SkillRule } | { ok: false; problem: string } {
  const rule = text.trim();
  if (rule === 'Skill') return { ok: true, value: { kind: 'all', text } };
  const open = rule.indexOf('(');
  const tool = open < 0 ? rule : rule.slice(0, open).trim();
  if (tool !== 'Skill') {
    return { ok: false, problem: `Unexpected tool \`${tool}\` in \`${text}\`, ${EXPECTED}` };
  }
  if (!rule.endsWith(')')) {
    return { ok: false, problem: `Unexpected end of \`${text}\`, expected \`)\`` };
  }
  let body = rule.slice(open + 1, -1).trim();
  if (body === '*') return { ok: true, value: { kind: 'all', text } };
  if (body.startsWith('/')) body = body.slice(1);
  let kind: 'exact' | 'prefix' = 'exact';
  const spaced = /^(.*?)\s+\*$/s.exec(body);
  if (spaced) {
    kind = 'prefix';
    body = spaced[1] as string;
  } else if (body.endsWith(':*')) {
    kind = 'prefix';
    body = body.slice(0, -2);
  }
  const problem = checkName(body, text);
  if (problem !== undefined) return { ok: false, problem };
  return { ok: true, value: { kind, name: body, text } };
}

/** Parse a list of rule strings into the rules that read and the problems of those that do not. */
export function parseSkillRules(texts: readonly string[] | undefined): {
  rules: SkillRule[];
  problems: RuleProblem[];
} {
  const rules: SkillRule[] = [];
  const problems: RuleProblem[] = [];
  for (const text of texts ?? []) {
    const r = parseSkillRule(text);
    if (r.ok) rules.push(r.value);
    else problems.push({ rule: text, message: r.problem });
  }
  return { rules, problems };
}

/**
 * Whether `rule`, from the `list` list, covers invoking a skill known by `names` with `args`. Pass
 * the names the list may match: for allow the invoked id, for deny also the plain name and aliases.
 */
export function ruleMatches(
  rule: SkillRule,
  names: readonly string[],
  args: string | undefined,
  list: RuleList,
): boolean {
  if (rule.kind === 'all') return true;
  const wanted = rule.name.startsWith(PARAMETER)
    ? [rule.name, rule.name.slice(PARAMETER.length)]
    : [rule.name];
  if (rule.kind === 'exact') {
    return (list === 'deny' || (args ?? '').trim() === '') && names.some((n) => wanted.includes(n));
  }
  return names.some((n) => wanted.some((w) => n === w || n.startsWith(`${w}:`)));
}

/**
 * Front matter keys (as written in SKILL.md) that cannot widen what a skill may do: Claude Code's
 * SAFE_SKILL_PROPERTIES mapped to their front matter keys, the Agent Skills spec's informational
 * keys, and skillset's selection keys. `context` is safe only as `inline` (checked apart).
 */
export const SAFE_SKILL_PROPERTIES: ReadonlySet<string> = new Set([
  'name',
  'description',
  'when_to_use',
  'argument-hint',
  'arguments',
  'model',
  'effort',
  'paths',
  'version',
  'disable-model-invocation',
  'user-invocable',
  'aliases',
  'license',
  'metadata',
  'compatibility',
  'triggers',
  'threshold',
  'tier',
  'profiles',
  'applicable_agents',
  'model-guidance',
  'domain',
  'category',
  'tags',
  'updated',
  'author',
  'dependencies',
  'cache',
]);

function meaningful(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/**
 * The front matter keys outside the safe-property allowlist, in the order written. As Claude Code
 * does, a key with no value (null, empty string, list or map) does not count, and neither does a key
 * skillset does not know: it never reaches what an invocation does (Claude Code drops such keys when
 * it builds the command its check runs over). A key skillset learns to act on is unsafe until it is
 * added to the list.
 */
export function unsafeProperties(raw: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(raw).filter((key) => {
    const value = raw[key];
    if (!meaningful(value) || !KNOWN_FIELDS.has(key)) return false;
    if (key === 'context') return !(typeof value === 'string' && value.trim() === 'inline');
    return !SAFE_SKILL_PROPERTIES.has(key);
  });
}

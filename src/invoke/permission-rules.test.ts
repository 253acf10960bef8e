import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  parseSkillRule,
  parseSkillRules,
  type RuleList,
  ruleMatches,
  type SkillRule,
} from './permission-rules.js';

const rule = (text: string): SkillRule => {
  const r = parseSkillRule(text);
  if (!r.ok) throw new Error(r.problem);
  return r.value;
};

describe('parseSkillRule', () => {
  const good: [string, { kind: SkillRule['kind']; name?: string }][] = [
    ['Skill', { kind: 'all' }],
    ['Skill(*)', { kind: 'all' }],
    ['Skill(commit)', { kind: 'exact', name: 'commit' }],
    ['Skill(/commit)', { kind: 'exact', name: 'commit' }],
    ['  Skill( commit )  ', { kind: 'exact', name: 'commit' }],
    ['Skill(review-pr *)', { kind: 'prefix', name: 'review-pr' }],
    ['Skill(/review-pr *)', { kind: 'prefix', name: 'review-pr' }],
    ['Skill(review:*)', { kind: 'prefix', name: 'review' }],
    ['Skill(/review:*)', { kind: 'prefix', name: 'review' }],
    ['Skill(anthropic-skills:pdf)', { kind: 'exact', name: 'anthropic-skills:pdf' }],
    ['Skill(apps/web:deploy)', { kind: 'exact', name: 'apps/web:deploy' }],
  ];
  for (const [text, want] of good) {
    it(`reads ${JSON.stringify(text)}`, () => {
      assert.deepEqual(parseSkillRule(text), { ok: true, value: { ...want, text } });
    });
  }

  const bad: [string, RegExp][] = [
    ['Skill(', /Unexpected end of `Skill\(`, expected `\)`/],
    ['Skill(deploy', /Unexpected end of `Skill\(deploy`/],
    ['Skill()', /Unexpected empty skill name in `Skill\(\)`/],
    ['Skill(/)', /Unexpected empty skill name/],
    ['Skill(/ *)', /Unexpected empty skill name/],
    ['Skill(:*)', /Unexpected empty skill name/],
    ['Bash(ls *)', /Unexpected tool `Bash` in `Bash\(ls \*\)`, expected `Skill`/],
    ['skill(commit)', /Unexpected tool `skill`/],
    ['', /Unexpected tool ``/],
    [
      'Skill(deploy staging)',
      /Unexpected arguments `staging` in .*expected `Skill\(deploy\)` or `Skill\(deploy \*\)`/,
    ],
    [
      'Skill(dep*)',
      /Unexpected `\*` in `Skill\(dep\*\)`, expected `Skill\(dep \*\)` or `Skill\(dep:\*\)`/,
    ],
    ['Skill(a(b))', /Unexpected `\(` in the skill name/],
  ];
  for (const [text, want] of bad) {
    it(`reports ${JSON.stringify(text)} as a problem naming the rule`, () => {
      const r = parseSkillRule(text);
      assert.equal(r.ok, false);
      if (!r.ok) assert.match(r.problem, want);
    });
  }

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const r = parseSkillRule(text);
        assert.equal(typeof r.ok, 'boolean');
      }),
    );
  });
});

describe('parseSkillRules', () => {
  it('keeps the rules that read and lists the others with their text', () => {
    const r = parseSkillRules(['Skill(a)', 'Skill(b', 'Skill(c *)']);
    assert.deepEqual(
      r.rules.map((x) => x.text),
      ['Skill(a)', 'Skill(c *)'],
    );
    assert.deepEqual(
      r.problems.map((p) => p.rule),
      ['Skill(b'],
    );
  });
});

describe('ruleMatches', () => {
  // [rule, skill names, args, list, matches]
  const table: [string, string[], string | undefined, RuleList, boolean][] = [
    ['Skill', ['anything'], 'x', 'allow', true],
    ['Skill(*)', ['anything'], undefined, 'deny', true],
    // exact
    ['Skill(commit)', ['commit'], undefined, 'allow', true],
    ['Skill(commit)', ['commit'], '  ', 'allow', true],
    ['Skill(commit)', ['commit'], '-m fix', 'allow', false],
    ['Skill(commit)', ['commit'], '-m fix', 'deny', true],
    ['Skill(commit)', ['commits'], undefined, 'allow', false],
    ['Skill(commit)', ['git:commit'], undefined, 'deny', false],
    ['Skill(/commit)', ['commit'], undefined, 'allow', true],
    // `name *`: the name with any arguments, and its namespace
    ['Skill(review-pr *)', ['review-pr'], undefined, 'allow', true],
    ['Skill(review-pr *)', ['review-pr'], '123', 'allow', true],
    ['Skill(review-pr *)', ['review-pr:deep'], '123', 'allow', true],
    ['Skill(review-pr *)', ['review-pr-2'], undefined, 'allow', false],
    ['Skill(anthropic-skills *)', ['anthropic-skills:pdf'], undefined, 'allow', true],
    ['Skill(anthropic *)', ['anthropic-skills:pdf'], undefined, 'allow', false],
    // legacy `prefix:*`, at a word boundary
    ['Skill(review:*)', ['review:pr'], undefined, 'allow', true],
    ['Skill(review:*)', ['review'], 'x y', 'allow', true],
    ['Skill(review:*)', ['reviewer'], undefined, 'allow', false],
    ['Skill(review:*)', ['reviewer'], undefined, 'deny', false],
    // the parameter form
    ['Skill(skill:deploy)', ['deploy'], undefined, 'deny', true],
    ['Skill(skill:deploy)', ['skill:deploy'], undefined, 'deny', true],
    // any of the names given
    ['Skill(deploy)', ['apps/web:deploy', 'deploy'], undefined, 'deny', true],
  ];
  for (const [text, names, args, list, want] of table) {
    it(`${want ? 'matches' : 'does not match'}: ${list} ${text} for ${names.join('|')}${args ? ` ${JSON.stringify(args)}` : ''}`, () => {
      assert.equal(ruleMatches(rule(text), names, args, list), want);
    });
  }

  it('reads a rule at least as wide for deny as for allow', () => {
    const name = fc.constantFrom('a', 'ab', 'a:b', 'b', 'a:b:c', 'skill:a');
    const text = fc.oneof(
      fc.constant('Skill'),
      name.map((n) => `Skill(${n})`),
      name.map((n) => `Skill(${n} *)`),
      name.map((n) => `Skill(/${n}:*)`),
    );
    fc.assert(
      fc.property(
        text,
        fc.array(name, { minLength: 1 }),
        fc.option(fc.string()),
        (t, names, args) => {
          const r = rule(t);
          const a = args ?? undefined;
          if (ruleMatches(r, names, a, 'allow')) assert.ok(ruleMatches(r, names, a, 'deny'));
        },
      ),
    );
  });
});

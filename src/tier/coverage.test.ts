import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { glossCoverage } from './coverage.js';
import type { TierSkill } from './domains.js';
import { coverageText, measureText } from './format.js';
import { measureTier } from './measure.js';

const makeSkill = (rel: string, description: string): TierSkill => {
  const name = rel.split('/').pop() as string;
  return {
    id: name,
    name,
    description,
    path: `/lib/${rel}/SKILL.md`,
    source: { scope: 'additional', root: '/lib' },
    frontmatter: { extra: {} },
  };
};

const many = Array.from({ length: 30 }, (_, i) => `phrase number ${i}`).join(', ');
const skills = [
  makeSkill('agents/routed', 'Build agents. Triggers: subagent, agent loop.'),
  makeSkill('agents/clipped', `Build agents. Triggers: ${many}, subagent handoff.`),
  makeSkill(
    'agents/lead-only',
    `Compare topics, actions, instructions and guardrails across many agent designs, with a subagent in prose. Triggers: ${many}.`,
  ),
  makeSkill('agents/body-only', 'Plan agent budgets.'),
  makeSkill('agents/none', 'Nothing related.'),
  makeSkill('other/routed-elsewhere', 'Triggers: subagent.'),
];
const bodies: Record<string, string> = { 'body-only': 'A long body about the SUBAGENT pattern.' };

describe('glossCoverage', () => {
  it('puts each skill in one bucket: routed, clipped, lead prose only, body only', () => {
    const c = glossCoverage(skills, 'Subagent', { domain: 'agents', bodyOf: (s) => bodies[s.id] });
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    assert.deepEqual(ids(c.routed), ['routed']);
    assert.deepEqual(ids(c.clipped), ['clipped']);
    assert.deepEqual(ids(c.leadOnly), ['lead-only']);
    assert.deepEqual(ids(c.bodyOnly), ['body-only']);
    assert.equal(c.clipped[0]?.glossChars, 162);
  });

  it('looks at every domain without one, and at no body without bodyOf', () => {
    const c = glossCoverage(skills, 'subagent');
    assert.deepEqual(
      c.routed.map((r) => `${r.domain}/${r.id}`),
      ['agents/routed', 'other/routed-elsewhere'],
    );
    assert.deepEqual(c.bodyOnly, []);
  });

  it('prints the clipped skills as the defect, and the rest for review', () => {
    const c = glossCoverage(skills, 'subagent', { domain: 'agents', bodyOf: (s) => bodies[s.id] });
    assert.equal(
      coverageText(c),
      `'subagent' in agents: reaches the roster in 1 skill(s).

CLIPPED — declared as a trigger, cut before the roster (1):
  agents/clipped                                       gloss=162/220

Triggers survive in the order they are written. To route the term, move it to the front of the
description's \`Triggers:\` clause, replacing a weaker phrase rather than adding one: glosses
already run at the budget.

Mentioned in lead prose only, not routed (1) — usually correct, listed for review:
  agents/lead-only

Mentioned in the body only, not routed (1) — usually correct, listed for review:
  agents/body-only
`,
    );
  });
});

describe('measureTier', () => {
  it('counts 0.25 a character of name and description plus 0.25 a component, rounded once', () => {
    const m = measureTier(skills);
    // Flat: six ids and descriptions.
    const chars = skills.reduce((n, s) => n + s.id.length + s.description.length, 0);
    assert.equal(m.flat.chars, chars);
    assert.equal(m.flat.tokens, Math.round(0.25 * chars + 0.25 * skills.length));
    assert.equal(m.atStart.components, 3);
    assert.match(
      measureText(m),
      /^At session start: [\d,]+ tokens \(3 components: the entry router and 2 domain routers\)\n/u,
    );
  });
});

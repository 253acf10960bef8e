import assert from 'node:assert/strict';
import { it } from 'node:test';
import { testRule } from '../test-harness.js';
import { droppedRouting, glossClipsRouting } from './gloss-clips-routing.js';

const skill = (description: string) =>
  `---\nname: x\ndescription: ${JSON.stringify(description)}\n---\nBody.\n`;
const files = (description: string) => ({ 'x/SKILL.md': skill(description) });

const FITS =
  'Use when writing Apex triggers. Triggers: apex trigger, before insert, trigger handler. NOT for flows (use admin/flow-basics).';
const LONG_TRIGGERS =
  'Use when tuning slow SOQL queries in large orgs. Triggers: slow soql, query plan, selective filter, non-selective query, full table scan, skinny table, custom index request, query timeout, UNABLE_TO_LOCK_ROW, large data volume, LDV, indexed field, query optimizer, cardinality. NOT for SOSL search tuning (use apex/sosl-search).';
const LONG_NOT_FOR =
  'Use when designing Salesforce record sharing. Triggers: sharing rule, OWD, role hierarchy. NOT for field-level security or permission sets on profiles and permission set groups assigned to users across many business units (use admin/permission-set-design). NOT for Experience Cloud guest user access and its external sharing model and sharing sets for portal users (use experience/guest-user-security).';

testRule(glossClipsRouting, [
  {
    title: 'accepts a description whose gloss keeps every trigger and redirect',
    files: files(FITS),
    expect: [],
  },
  {
    title: 'accepts a description with no routing vocabulary, however long its lead',
    files: files(
      `Use when ${'reviewing Apex code for bulk safety and governor limits '.repeat(6)}.`,
    ),
    expect: [],
  },
  {
    title: 'reports the trigger phrases cut from a long list, at the description',
    files: files(LONG_TRIGGERS),
    expect: [
      {
        messageId: 'dropped',
        line: 3,
        column: 1,
        message:
          'The roster gloss (193 of 220 characters) leaves out 6 of the routing phrases: triggers UNABLE_TO_LOCK_ROW, large data volume, LDV, indexed field, query optimizer, cardinality; keep the trigger list and the `NOT for` redirects short enough to fit',
        data: { budget: 220, length: 193, count: 6, triggers: 6, clauses: 0 },
      },
    ],
  },
  {
    title: 'reports `NOT for` clauses clipped or dropped, quoting their start',
    files: files(LONG_NOT_FOR),
    expect: [
      {
        messageId: 'dropped',
        message:
          'The roster gloss (219 of 220 characters) leaves out 2 of the routing phrases: `NOT for field-level security or permission …`, `NOT for Experience Cloud guest user access and …`; keep the trigger list and the `NOT for` redirects short enough to fit',
        data: { length: 219, count: 2, triggers: 0, clauses: 2 },
      },
    ],
  },
  {
    title: 'takes the budget from `budget`',
    files: files(FITS),
    options: { budget: 80 },
    expect: [
      {
        messageId: 'dropped',
        message:
          'The roster gloss (77 of 80 characters) leaves out 1 of the routing phrases: `NOT for flows (use admin/flow-basics).`',
        data: { budget: 80, length: 77, count: 1, triggers: 0, clauses: 1 },
      },
    ],
  },
  { title: 'is off in the spec profile', files: files(LONG_TRIGGERS), profile: 'spec', expect: [] },
]);

it('does not count a phrase that appears only in the lead as kept', () => {
  const d = `Use when tuning soql. Triggers: ${'long trigger phrase number '.repeat(1)}one, ${Array.from({ length: 12 }, (_, i) => `another routing phrase ${i}`).join(', ')}, soql.`;
  const r = droppedRouting(d);
  assert.ok(r.phrases.includes('soql'), JSON.stringify(r));
});

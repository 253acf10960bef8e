import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseClauses } from './clauses.js';

describe('parseClauses', () => {
  it('reads NOT-for clauses with their redirects, in the forms libraries write them', () => {
    const c = parseClauses(
      'Task objects and timelines. NOT for Calendar sharing (use calendar-sharing-setup). NOT for MFA-only rollouts (see security/mfa-enforcement-strategy), NOT for the LLM-side trust layer.',
    );
    assert.deepEqual(c.notFor, [
      { topic: 'Calendar sharing', use: 'calendar-sharing-setup' },
      { topic: 'MFA-only rollouts', use: 'mfa-enforcement-strategy' },
      { topic: 'the LLM-side trust layer' },
    ]);
    assert.equal(c.lead, 'Task objects and timelines.');
    assert.deepEqual(parseClauses('Deploy apps. NOT for local builds — use build-local.').notFor, [
      { topic: 'local builds', use: 'build-local' },
    ]);
  });

  it('reads Triggers clauses', () => {
    assert.deepEqual(
      parseClauses("Review code. Triggers: 'review this PR', 'code review'. More.").triggers,
      ['review this PR', 'code review'],
    );
  });
});

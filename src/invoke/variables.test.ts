// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${SKILL_DIR}` and friends are the input under test
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { substituteVariables, variableEnv } from './variables.js';

const vars = { skillDir: '/skills/review', sessionId: 's-123', projectDir: '/repo' };

describe('substituteVariables', () => {
  const cases: Array<[string, string]> = [
    ['${SKILL_DIR}/run.sh', '/skills/review/run.sh'],
    ['${CLAUDE_SKILL_DIR}/run.sh', '/skills/review/run.sh'],
    ['log-${SESSION_ID}.txt', 'log-s-123.txt'],
    ['log-${CLAUDE_SESSION_ID}.txt', 'log-s-123.txt'],
    ['cd ${PROJECT_DIR}', 'cd /repo'],
    ['cd ${CLAUDE_PROJECT_DIR}', 'cd /repo'],
    [
      '\\${SKILL_DIR} and \\${CLAUDE_SESSION_ID} stay',
      '${SKILL_DIR} and ${CLAUDE_SESSION_ID} stay',
    ],
    [
      '$SKILL_DIR ${OTHER} ${CLAUDE_EFFORT} ${skill_dir}',
      '$SKILL_DIR ${OTHER} ${CLAUDE_EFFORT} ${skill_dir}',
    ],
  ];
  for (const [text, want] of cases)
    it(`expands ${JSON.stringify(text)}`, () =>
      assert.equal(substituteVariables(text, vars), want));

  it('inserts values verbatim, never as replacement patterns', () => {
    const odd = { skillDir: "/a/$&/$'", sessionId: '$1', projectDir: '${SKILL_DIR}' };
    assert.equal(
      substituteVariables('${SKILL_DIR} ${SESSION_ID} ${PROJECT_DIR}', odd),
      "/a/$&/$' $1 ${SKILL_DIR}",
    );
  });
});

describe('variableEnv', () => {
  it('gives all six names', () => {
    assert.deepEqual(variableEnv(vars), {
      SKILL_DIR: '/skills/review',
      SESSION_ID: 's-123',
      PROJECT_DIR: '/repo',
      CLAUDE_SKILL_DIR: '/skills/review',
      CLAUDE_SESSION_ID: 's-123',
      CLAUDE_PROJECT_DIR: '/repo',
    });
  });
});

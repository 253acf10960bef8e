import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { activatedBy } from './activation.js';

const skills = [
  { id: 'tests', paths: ['*.test.ts'] },
  { id: 'api', paths: ['src/api/**'] },
  { id: 'docs', paths: ['docs/', '!docs/internal/'] },
  { id: 'never', paths: [] },
];

describe('activatedBy', () => {
  it('matches touched files gitignore-style against each skill’s paths', () => {
    assert.deepEqual(activatedBy(skills, ['lib/deep/a.test.ts'], '/p'), ['tests']);
    assert.deepEqual(activatedBy(skills, ['/p/src/api/users/get.ts'], '/p'), ['api']);
    assert.deepEqual(activatedBy(skills, ['docs/guide.md', 'src/api/x.ts'], '/p'), ['api', 'docs']);
  });

  it('matches nothing for files outside the root, and nothing with no patterns', () => {
    assert.deepEqual(activatedBy(skills, ['/elsewhere/a.test.ts', '../b.test.ts'], '/p'), []);
    assert.deepEqual(activatedBy(skills, [], '/p'), []);
  });
});

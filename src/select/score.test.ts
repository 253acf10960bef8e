import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stageContract } from '../test-support/stage-contract.js';
import { combine, type ScoreItem, scoreParts, scoreStage, specificity } from './score.js';

const item = (
  id: string,
  triggers: Partial<ScoreItem['triggers']> = {},
  text = 0,
  threshold?: number,
): ScoreItem => ({
  id,
  name: id,
  path: `/lib/${id}/SKILL.md`,
  scope: 'project',
  chars: 100,
  tokens: 25,
  contentHash: 'h',
  triggers: { files: [], intents: [], contexts: [], ...triggers },
  text,
  ...(threshold !== undefined ? { threshold } : {}),
});

describe('scoreStage', () => {
  stageContract('score', (input) => {
    const r = scoreStage(
      input.map((c) => item(c.id, { intents: [c.id.replace(/-/g, ' ')] }, c.score / 100)),
      { intent: 'fix the typescript build', files: ['src/a.ts'] },
    );
    return { passed: r.candidates, decisions: r.decisions };
  });

  it('loads the TypeScript skills for a multi-word intent, and nothing unrelated', () => {
    const r = scoreStage(
      [
        item('typescript-build', { intents: ['typescript build errors', 'tsc fails'] }),
        item('typescript-patterns', { intents: ['typescript'] }),
        item('python-testing', { intents: ['python tests'] }),
        item('css-layout', {}, 0.2),
      ],
      { intent: 'fix the typescript build' },
    );
    assert.deepEqual(
      r.candidates.map((c) => c.id),
      ['typescript-patterns', 'typescript-build'],
    );
    assert.match(
      r.decisions.find((d) => d.id === 'python-testing')?.reason ?? '',
      /under the threshold 50/,
    );
  });

  it('counts a narrow glob above a broad one', () => {
    assert.ok(specificity('*.test.tsx') > specificity('*.ts'));
    assert.ok(specificity('src/api/**/*.ts') > specificity('*.ts'));
    const ctx = { files: ['src/components/Button.test.tsx'] };
    const narrow = combine(scoreParts(item('a', { files: ['*.test.tsx'] }), ctx));
    const broad = combine(scoreParts(item('b', { files: ['*.tsx'] }), ctx));
    assert.ok(narrow > broad, `${narrow} > ${broad}`);
    assert.equal(combine(scoreParts(item('c', { files: ['*.py'] }), ctx)), 0);
  });

  it('adds up independent evidence, and keeps a skill at its own threshold', () => {
    const ctx = {
      intent: 'deploy the service',
      keywords: ['kubernetes'],
      files: ['k8s/deploy.yaml'],
    };
    const all = item(
      'deploy',
      { intents: ['deploy'], contexts: ['kubernetes'], files: ['k8s/**/*.yaml'] },
      0.3,
    );
    const p = scoreParts(all, ctx);
    assert.equal(p.matched.phrase, 'deploy');
    assert.deepEqual(p.matched.keywords, ['kubernetes']);
    assert.equal(p.matched.glob, 'k8s/**/*.yaml');
    assert.ok(combine(p) > 95);
    const weak = scoreStage([item('w', {}, 0.4, 40), item('v', {}, 0.4)], {});
    assert.deepEqual(
      weak.candidates.map((c) => c.id),
      ['w'],
    );
  });
});

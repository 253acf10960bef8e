import { testRule } from '../test-harness.js';
import { bodyTooLong } from './too-long.js';

const skill = (body: string) => `---\nname: x\ndescription: Use when testing.\n---\n${body}`;

testRule(bodyTooLong, [
  { title: 'accepts 500 lines', files: { 'x/SKILL.md': skill('line\n'.repeat(500)) }, expect: [] },
  {
    title: 'reports 501 lines at the first line of the body',
    files: { 'x/SKILL.md': skill('line\n'.repeat(501)) },
    expect: [{ messageId: 'lines', line: 5, column: 1, data: { lines: 501, maxLines: 500 } }],
  },
  {
    title: 'does not count a final newline as a line',
    files: { 'x/SKILL.md': skill(`${'line\n'.repeat(499)}last`) },
    expect: [],
  },
  {
    title: 'reports about 5,001 tokens (characters / 4)',
    files: { 'x/SKILL.md': skill(`${'x'.repeat(20001)}\n`) },
    expect: [{ messageId: 'tokens', message: 'about 5001 tokens, over the 5000', line: 5 }],
  },
  {
    title: 'reports both limits in one diagnostic',
    files: { 'x/SKILL.md': skill(`${'x'.repeat(49)}\n`.repeat(501)) },
    expect: [{ messageId: 'both', data: { lines: 501, tokens: 6263 } }],
  },
  {
    title: 'suggests moving detail into references/',
    files: { 'x/SKILL.md': skill('line\n'.repeat(600)) },
    expect: [{ message: 'move detail into `references/` files' }],
  },
  {
    title: 'counts from line 1 in a file without front matter',
    files: { 'x/SKILL.md': 'line\n'.repeat(501) },
    expect: [{ messageId: 'lines', line: 1, column: 1 }],
  },
  {
    title: 'takes the limits from `maxLines` and `maxTokens`',
    files: { 'x/SKILL.md': skill('line\n'.repeat(11)) },
    options: { maxLines: 10, maxTokens: 100 },
    expect: [{ messageId: 'lines', message: '11 lines long, over the 10' }],
  },
  {
    title: 'is off in the spec profile',
    files: { 'x/SKILL.md': skill('line\n'.repeat(501)) },
    profile: 'spec',
    expect: [],
  },
]);

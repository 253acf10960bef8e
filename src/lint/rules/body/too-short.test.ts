import { testRule } from '../test-harness.js';
import { bodyTooShort } from './too-short.js';

const skill = (body: string) => `---\nname: x\ndescription: Use when testing.\n---\n${body}`;

testRule(bodyTooShort, [
  {
    title: 'accepts about 200 tokens',
    files: { 'x/SKILL.md': skill(`${'x'.repeat(800)}\n`) },
    expect: [],
  },
  {
    title: 'reports about 199 tokens at the first line of the body',
    files: { 'x/SKILL.md': skill(`${'x'.repeat(796)}\n`) },
    expect: [{ messageId: 'short', line: 5, column: 1, data: { tokens: 199, minTokens: 200 } }],
  },
  {
    title: 'suggests merging into a related skill',
    files: { 'x/SKILL.md': skill('Run `npm test`.\n') },
    expect: [{ message: 'about 4 tokens, under 200: too little for an agent to act on' }],
  },
  {
    title: 'does not count blank lines around the text',
    files: { 'x/SKILL.md': skill(`\n\n${'x'.repeat(796)}\n\n\n\n\n\n\n\n\n\n\n\n`) },
    expect: [{ messageId: 'short', data: { tokens: 199 } }],
  },
  {
    title: 'reports an empty body',
    files: { 'x/SKILL.md': skill('') },
    expect: [{ data: { tokens: 0 } }],
  },
  {
    title: 'takes the limit from `minTokens`',
    files: { 'x/SKILL.md': skill('Run `npm test`.\n') },
    options: { minTokens: 4 },
    expect: [],
  },
  {
    title: 'is off in the spec profile',
    files: { 'x/SKILL.md': skill('Short.\n') },
    profile: 'spec',
    expect: [],
  },
]);

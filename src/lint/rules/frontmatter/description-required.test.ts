import { testRule } from '../test-harness.js';
import { descriptionRequired } from './description-required.js';

const skill = (field: string) => `---\nname: x\n${field}\n---\nBody.\n`;

testRule(descriptionRequired, [
  {
    title: 'accepts a description',
    files: { 'x/SKILL.md': skill('description: Use when testing.') },
    expect: [],
  },
  {
    title: 'accepts a number, read as written',
    files: { 'x/SKILL.md': skill('description: 42') },
    expect: [],
  },
  {
    title: 'reports a missing description at the start of the file',
    files: { 'x/SKILL.md': skill('license: MIT') },
    expect: [{ messageId: 'missing', line: 1, column: 1 }],
  },
  {
    title: 'reports an empty value at the field',
    files: { 'x/SKILL.md': skill('description:') },
    expect: [{ messageId: 'empty', line: 3, column: 1 }],
  },
  {
    title: 'reports a blank string',
    files: { 'x/SKILL.md': skill('description: "   "') },
    expect: [{ messageId: 'empty', line: 3 }],
  },
  {
    title: 'reports a list',
    files: { 'x/SKILL.md': skill('description:\n  - a') },
    expect: [{ messageId: 'empty', line: 3 }],
  },
  {
    title: 'reports a file with no front matter',
    files: { 'x/SKILL.md': '# X\n\nA body that describes the skill.\n' },
    expect: [{ messageId: 'missing', line: 1 }],
  },
  {
    title: 'is off in the recommended profile (parsing reports it there)',
    files: { 'x/SKILL.md': skill('license: MIT') },
    profile: 'recommended',
    expect: [],
  },
]);

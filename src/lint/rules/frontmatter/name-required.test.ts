import { testRule } from '../test-harness.js';
import { nameRequired } from './name-required.js';

const skill = (field: string) =>
  `---\n${field}\ndescription: Use when testing names.\n---\nBody.\n`;

testRule(nameRequired, [
  { title: 'accepts a name', files: { 'x/SKILL.md': skill('name: x') }, expect: [] },
  {
    title: 'reports a missing name at the start of the file',
    files: { 'x/SKILL.md': skill('license: MIT') },
    expect: [{ messageId: 'missing', line: 1, column: 1 }],
  },
  {
    title: 'reports an empty value at the field',
    files: { 'x/SKILL.md': skill('name:') },
    expect: [{ messageId: 'empty', line: 2, column: 1 }],
  },
  {
    title: 'reports a blank string',
    files: { 'x/SKILL.md': skill("name: ' '") },
    expect: [{ messageId: 'empty' }],
  },
  {
    title: 'reports a mapping',
    files: { 'x/SKILL.md': skill('name:\n  en: x') },
    expect: [{ messageId: 'empty', line: 2 }],
  },
  {
    title: 'is off in the recommended profile (the folder name stands in)',
    files: { 'x/SKILL.md': skill('license: MIT') },
    profile: 'recommended',
    expect: [],
  },
]);

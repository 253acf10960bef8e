import { testRule } from '../test-harness.js';
import { descriptionLength } from './description-length.js';

const skill = (description: string) => `---\nname: x\ndescription: ${description}\n---\nBody.\n`;

testRule(descriptionLength, [
  {
    title: 'accepts a short description',
    files: { 'x/SKILL.md': skill('Use when testing.') },
    expect: [],
  },
  {
    title: 'accepts exactly 1,024 characters',
    files: { 'x/SKILL.md': skill('a'.repeat(1024)) },
    expect: [],
  },
  {
    title: 'reports 1,025 characters at the field',
    files: { 'x/SKILL.md': skill('a'.repeat(1025)) },
    expect: [{ messageId: 'tooLong', line: 3, column: 1, data: { max: 1024, length: 1025 } }],
  },
  {
    title: 'counts code points, not UTF-16 units',
    files: { 'x/SKILL.md': skill('😀'.repeat(1000)) },
    expect: [],
  },
  {
    title: 'counts a folded block as YAML reads it',
    files: {
      'x/SKILL.md': `---\nname: x\ndescription: >-\n  ${'word '.repeat(200)}\n  ${'word '.repeat(10)}end\n---\n`,
    },
    expect: [{ messageId: 'tooLong', line: 3, data: { length: 1054 } }],
  },
  { title: 'leaves a list to other rules', files: { 'x/SKILL.md': skill('[a, b]') }, expect: [] },
  {
    title: 'takes the limit from `max`',
    files: { 'x/SKILL.md': skill('Use when testing.') },
    options: { max: 8 },
    expect: [{ messageId: 'tooLong', message: 'exceeds 8 character limit (17 chars)' }],
  },
  {
    title: 'is an error in the spec profile',
    files: { 'x/SKILL.md': skill('a'.repeat(1025)) },
    profile: 'spec',
    expect: [{ messageId: 'tooLong' }],
  },
]);

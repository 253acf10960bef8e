import { testRule } from '../test-harness.js';
import { compatibilityLength } from './compatibility-length.js';

const skill = (field: string) =>
  `---\nname: x\ndescription: Use when testing.\n${field}\n---\nBody.\n`;

testRule(compatibilityLength, [
  {
    title: 'accepts a short string',
    files: { 'x/SKILL.md': skill('compatibility: Needs git and Node 20') },
    expect: [],
  },
  {
    title: 'accepts exactly 500 characters',
    files: { 'x/SKILL.md': skill(`compatibility: ${'a'.repeat(500)}`) },
    expect: [],
  },
  {
    title: 'accepts a number, read as written',
    files: { 'x/SKILL.md': skill('compatibility: 3.10') },
    expect: [],
  },
  { title: 'accepts a missing field', files: { 'x/SKILL.md': skill('license: MIT') }, expect: [] },
  {
    title: 'reports 501 characters at the field',
    files: { 'x/SKILL.md': skill(`compatibility: ${'a'.repeat(501)}`) },
    expect: [{ messageId: 'tooLong', line: 4, column: 1, data: { max: 500, length: 501 } }],
  },
  {
    title: 'counts code points, not UTF-16 units',
    files: { 'x/SKILL.md': skill(`compatibility: ${'😀'.repeat(300)}`) },
    expect: [],
  },
  {
    title: 'reports a list',
    files: { 'x/SKILL.md': skill('compatibility:\n  - linux\n  - macos') },
    expect: [{ messageId: 'notString', line: 4 }],
  },
  {
    title: 'takes the limit from `max`',
    files: { 'x/SKILL.md': skill('compatibility: Needs git and Node 20') },
    options: { max: 10 },
    expect: [{ messageId: 'tooLong', message: 'exceeds 10 character limit (21 chars)' }],
  },
  {
    title: 'is an error in the spec profile',
    files: { 'x/SKILL.md': skill(`compatibility: ${'a'.repeat(501)}`) },
    profile: 'spec',
    expect: [{ messageId: 'tooLong' }],
  },
]);

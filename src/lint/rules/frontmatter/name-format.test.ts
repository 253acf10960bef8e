import { testRule } from '../test-harness.js';
import { nameFormat } from './name-format.js';

const skill = (name: string) =>
  `---\nname: ${name}\ndescription: Use when testing names.\n---\nBody.\n`;

testRule(nameFormat, [
  {
    title: 'accepts lowercase letters, digits and single hyphens',
    files: { 'pdf-2/SKILL.md': skill('pdf-2') },
    expect: [],
  },
  {
    title: 'accepts any Unicode letter',
    files: { 'мой-навык/SKILL.md': skill('мой-навык') },
    expect: [],
  },
  {
    title: 'reports upper case at the name',
    files: { 'x/SKILL.md': skill('My-Skill') },
    expect: [{ messageId: 'uppercase', line: 2, column: 1, data: { name: 'My-Skill' } }],
  },
  {
    title: 'reports a leading or trailing hyphen',
    files: { 'x/SKILL.md': skill('-x-') },
    expect: [{ messageId: 'edgeHyphen', line: 2, column: 1 }],
  },
  {
    title: 'reports a doubled hyphen',
    files: { 'x/SKILL.md': skill('a--b') },
    expect: [{ messageId: 'doubleHyphen', line: 2 }],
  },
  {
    title: 'reports characters other than letters, digits and hyphens',
    files: { 'x/SKILL.md': skill('my_skill') },
    expect: [{ messageId: 'chars', message: '`my_skill`' }],
  },
  {
    title: 'reports every problem of one name',
    files: { 'x/SKILL.md': skill('My_Skill-') },
    // At one position, diagnostics sort by message.
    expect: [{ messageId: 'edgeHyphen' }, { messageId: 'chars' }, { messageId: 'uppercase' }],
  },
  {
    title: 'counts code points against the 64 limit',
    files: { 'x/SKILL.md': skill('a'.repeat(65)) },
    expect: [{ messageId: 'tooLong', data: { max: 64, length: 65 } }],
  },
  {
    title: 'accepts exactly 64 characters',
    files: { 'x/SKILL.md': skill('é'.repeat(64)) },
    expect: [],
  },
  {
    title: 'normalises to NFKC first (a full-width letter is lowercase ASCII)',
    files: { 'x/SKILL.md': skill('ｓkill') },
    expect: [],
  },
  {
    title: 'reads a number as written',
    files: { 'x/SKILL.md': skill('1.0') },
    expect: [{ messageId: 'chars', message: '`1.0`' }],
  },
  {
    title: 'leaves a missing name to name-required',
    files: { 'x/SKILL.md': '---\ndescription: d\n---\n' },
    expect: [],
  },
  {
    title: 'leaves an empty name to name-required',
    files: { 'x/SKILL.md': skill('""') },
    expect: [],
  },
  {
    title: 'is a warning in the recommended profile',
    files: { 'x/SKILL.md': skill('X') },
    profile: 'recommended',
    expect: [{ messageId: 'uppercase' }],
  },
]);

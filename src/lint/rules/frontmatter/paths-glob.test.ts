import { testRule } from '../test-harness.js';
import { pathsGlob } from './paths-glob.js';

const skill = (paths: string) =>
  `---\nname: x\ndescription: Use when testing globs.\npaths:${paths}\n---\nBody.\n`;
const list = (...globs: string[]) => skill(globs.map((g) => `\n  - '${g}'`).join(''));

testRule(pathsGlob, [
  {
    title: 'accepts relative globs with braces, classes and extglobs',
    files: {
      'x/SKILL.md': list(
        'src/**/*.ts',
        '*.{js,mjs}',
        'docs/[a-z]*.md',
        '!(vendor)/**',
        'a\\[draft\\].md',
      ),
    },
    expect: [],
  },
  {
    title: 'accepts a comma-separated string',
    files: { 'x/SKILL.md': skill(' src/**/*.ts, lib/**') },
    expect: [],
  },
  {
    title: 'reports an empty entry at the entry',
    files: { 'x/SKILL.md': list('src/**', '') },
    expect: [{ messageId: 'empty', line: 6, column: 5 }],
  },
  {
    title: 'reports an unclosed brace',
    files: { 'x/SKILL.md': list('src/*.{ts,tsx') },
    expect: [{ messageId: 'unbalanced', line: 5, data: { bracket: '{', glob: 'src/*.{ts,tsx' } }],
  },
  {
    title: 'reports a stray closing bracket',
    files: { 'x/SKILL.md': list('src/a].ts') },
    expect: [{ messageId: 'unbalanced', data: { bracket: ']' } }],
  },
  {
    title: 'reports brackets closed in the wrong order',
    files: { 'x/SKILL.md': list('src/{a,[b}]') },
    expect: [{ messageId: 'unbalanced', data: { bracket: '}' } }],
  },
  {
    title: 'reports Windows separators',
    files: { 'x/SKILL.md': list('src\\**\\*.ts') },
    expect: [{ messageId: 'backslash', message: 'expected `/` as the path separator' }],
  },
  {
    title: 'reports a `..` segment',
    files: { 'x/SKILL.md': list('../shared/**', 'src/../lib/*.ts') },
    expect: [
      { messageId: 'parent', line: 5 },
      { messageId: 'parent', line: 6 },
    ],
  },
  {
    title: 'reports absolute globs',
    files: { 'x/SKILL.md': list('/etc/**', '~/notes/*.md', 'C:/src/*.ts') },
    expect: [
      { messageId: 'absolute', line: 5 },
      { messageId: 'absolute', line: 6 },
      { messageId: 'absolute', line: 7 },
    ],
  },
  {
    title: 'reports an entry of a string at the field',
    files: { 'x/SKILL.md': skill(' src/**, /abs/**') },
    expect: [{ messageId: 'absolute', line: 4, column: 1, data: { glob: '/abs/**' } }],
  },
  {
    title: 'is off in the spec profile',
    files: { 'x/SKILL.md': list('/etc/**') },
    profile: 'spec',
    expect: [],
  },
]);

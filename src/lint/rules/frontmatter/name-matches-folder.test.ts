import { testRule } from '../test-harness.js';
import { nameMatchesFolder } from './name-matches-folder.js';

const skill = (name: string) =>
  `---\nname: ${name}\ndescription: Use when testing names.\n---\nBody.\n`;

testRule(nameMatchesFolder, [
  {
    title: 'accepts a name equal to the folder',
    files: { 'pdf/SKILL.md': skill('pdf') },
    expect: [],
  },
  { title: 'ignores surrounding spaces', files: { 'pdf/SKILL.md': skill('" pdf "') }, expect: [] },
  { title: 'compares NFKC forms', files: { 'ﬁle/SKILL.md': skill('file') }, expect: [] },
  {
    title: 'reports a different name at the field',
    files: { 'pdf-tools/SKILL.md': skill('pdf') },
    expect: [
      { messageId: 'mismatch', line: 2, column: 1, data: { folder: 'pdf-tools', name: 'pdf' } },
    ],
  },
  {
    title: 'compares case',
    files: { 'pdf/SKILL.md': skill('PDF') },
    expect: [{ messageId: 'mismatch', message: '`PDF`' }],
  },
  {
    title: 'leaves a missing name to name-required',
    files: { 'pdf/SKILL.md': '---\ndescription: d\n---\n' },
    expect: [],
  },
  {
    title: 'reports each skill of a library on its own file',
    files: { 'a/SKILL.md': skill('a'), 'b/SKILL.md': skill('c') },
    expect: [{ messageId: 'mismatch', file: 'b/SKILL.md' }],
  },
  {
    title: 'is an error in the spec profile',
    files: { 'pdf/SKILL.md': skill('pdfs') },
    profile: 'spec',
    expect: [{ messageId: 'mismatch' }],
  },
]);

import { testRule } from '../test-harness.js';
import { hiddenUnicode } from './hidden-unicode.js';

const skill = (body: string) => `---\nname: x\ndescription: Use when testing.\n---\n${body}`;

testRule(hiddenUnicode, [
  { title: 'accepts plain text', files: { 'x/SKILL.md': skill('Run the tests.\n') }, expect: [] },
  {
    title: 'reports a zero-width space at its line and column, with a count of the rest',
    files: { 'x/SKILL.md': skill('Run the\u200B tests.\nAnd\u200B this.\n') },
    expect: [{ messageId: 'hidden', line: 5, column: 8, data: { char: 'U+200B', count: 2 } }],
  },
  {
    title: 'reports a bidirectional override in a script of the folder',
    files: {
      'x/SKILL.md': skill('Run it.\n'),
      'x/scripts/run.sh': 'echo ok\nif [ "$user" = "admin\u202E" ]; then\n',
    },
    expect: [{ file: 'x/scripts/run.sh', line: 2, data: { char: 'U+202E' } }],
  },
  {
    title: 'reports tag characters',
    files: { 'x/SKILL.md': skill('Hello \u{E0049}\u{E0047}\u{E004E}.\n') },
    expect: [{ line: 5, column: 7, message: 'a tag character), and 2 more' }],
  },
  {
    title: 'accepts a byte-order mark at the start of a file, and a joiner inside an emoji',
    files: {
      'x/SKILL.md': skill('Team: \u{1F468}\u200D\u{1F4BB}.\n'),
      'x/references/a.md': '\uFEFFText.\n',
    },
    expect: [],
  },
  {
    title: 'reports a byte-order mark inside the text',
    files: { 'x/SKILL.md': skill('a\uFEFFb\n') },
    expect: [{ message: 'byte-order mark', line: 5, column: 2 }],
  },
]);

import { testRule } from '../test-harness.js';
import { fieldTypo } from './field-typo.js';

const skill = (fields: string) =>
  `---\nname: x\ndescription: Use when testing fields.\n${fields}\n---\nBody.\n`;
const typo = (field: string, suggestion: string) => ({
  title: `suggests \`${suggestion}\` for \`${field}\``,
  files: { 'x/SKILL.md': skill(`${field}: v`) },
  expect: [{ messageId: 'typo', line: 4, column: 1, data: { field, suggestion } }],
});

testRule(fieldTypo, [
  {
    title: 'accepts known fields',
    files: {
      'x/SKILL.md': skill('when_to_use: Always.\nallowed-tools: Read\nversion: 1.0.0\ntags: [a]'),
    },
    expect: [],
  },
  typo('desciption', 'description'),
  typo('Name', 'name'),
  typo('allowed_tools', 'allowed-tools'),
  typo('when-to-use', 'when_to_use'),
  typo('Argument_Hint', 'argument-hint'),
  typo('argument-hints', 'argument-hint'),
  typo('licence', 'license'),
  typo('modle', 'model'),
  typo('tag', 'tags'),
  {
    title: 'says it in the house style',
    files: { 'x/SKILL.md': skill('desciption: d') },
    expect: [{ message: 'Unknown field `desciption`; did you mean `description`?' }],
  },
  {
    // Real fields from ../shared/corpora: Claude Code and Gemini `tools`, plugin `agents`, library metadata.
    title: 'leaves other tools’ fields alone',
    files: {
      'x/SKILL.md': skill(
        'tools: Read, Grep\nagents: [a]\norigin: ECC\ninputs: []\noutputs: []\nhomepage: https://x\ncolor: blue\nemoji: x\nskills: []\nsalesforce-version: "60.0"',
      ),
    },
    expect: [],
  },
  {
    title: 'allows one edit only in names of up to four characters',
    files: { 'x/SKILL.md': skill('nam: x\nnmae: x\nmdl: x') },
    expect: [{ data: { field: 'nam', suggestion: 'name' } }],
  },
  {
    title: 'accepts the fields in `allow`',
    files: { 'x/SKILL.md': skill('Name: x\ndesciption: d') },
    options: { allow: ['Name'] },
    expect: [{ data: { field: 'desciption' } }],
  },
  {
    title: 'is off in the spec profile',
    files: { 'x/SKILL.md': skill('desciption: d') },
    profile: 'spec',
    expect: [],
  },
]);

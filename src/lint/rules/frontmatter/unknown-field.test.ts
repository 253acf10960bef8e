import { testRule } from '../test-harness.js';
import { unknownField } from './unknown-field.js';

const skill = (fields: string) =>
  `---\nname: x\ndescription: Use when testing fields.\n${fields}\n---\nBody.\n`;

testRule(unknownField, [
  {
    title: 'accepts the six fields of the specification',
    files: {
      'x/SKILL.md': skill(
        'license: MIT\ncompatibility: git\nallowed-tools: Read\nmetadata:\n  a: b',
      ),
    },
    expect: [],
  },
  {
    title: 'reports another field at its key',
    files: { 'x/SKILL.md': skill('license: MIT\nwhen_to_use: Always.') },
    expect: [{ messageId: 'unexpected', line: 5, column: 1, data: { field: 'when_to_use' } }],
  },
  {
    title: 'lists the allowed fields in the message',
    files: { 'x/SKILL.md': skill('version: 1.0') },
    expect: [
      {
        message:
          'Only `allowed-tools`, `compatibility`, `description`, `license`, `metadata`, `name` are allowed.',
      },
    ],
  },
  {
    title: 'reports each unexpected field',
    files: { 'x/SKILL.md': skill('tags: [a]\nversion: 1.0.0') },
    expect: [
      { messageId: 'unexpected', line: 4 },
      { messageId: 'unexpected', line: 5 },
    ],
  },
  {
    title: 'accepts the fields in `allow`',
    files: { 'x/SKILL.md': skill('version: 1.0.0\ntags: [a]') },
    options: { allow: ['version'] },
    expect: [{ messageId: 'unexpected', data: { field: 'tags' } }],
  },
  {
    title: 'is off in the recommended profile',
    files: { 'x/SKILL.md': skill('when_to_use: Always.') },
    profile: 'recommended',
    expect: [],
  },
]);

import { testRule } from '../test-harness.js';
import { composeExtendsRule } from './extends.js';

const skill = (name: string, extra = '') =>
  `---\nname: ${name}\ndescription: Use when testing ${name}.\n${extra}---\n# ${name}\n`;

testRule(composeExtendsRule, [
  {
    title: 'accepts a chain of three parents',
    files: {
      'a/SKILL.md': skill('a', 'extends: b\n'),
      'b/SKILL.md': skill('b', 'extends: c\n'),
      'c/SKILL.md': skill('c', 'extends: d\n'),
      'd/SKILL.md': skill('d'),
    },
    expect: [],
  },
  {
    title: 'reports a fourth parent at the extends field where the chain goes too deep',
    files: {
      'a/SKILL.md': skill('a', 'extends: b\n'),
      'b/SKILL.md': skill('b', 'extends: c\n'),
      'c/SKILL.md': skill('c', 'extends: d\n'),
      'd/SKILL.md': skill('d', 'extends: e\n'),
      'e/SKILL.md': skill('e'),
    },
    expect: [{ file: 'd/SKILL.md', line: 4, data: { kind: 'compose/extends-depth' } }],
  },
  {
    title: 'reports a missing parent with a did-you-mean',
    files: { 'a/SKILL.md': skill('a', 'extends: bse\n'), 'base/SKILL.md': skill('base') },
    expect: [
      {
        file: 'a/SKILL.md',
        line: 4,
        message: 'did you mean `base`',
        data: { kind: 'compose/extends-missing' },
      },
    ],
  },
  {
    title: 'reports each skill of a cycle once',
    files: { 'a/SKILL.md': skill('a', 'extends: b\n'), 'b/SKILL.md': skill('b', 'extends: a\n') },
    expect: [
      { file: 'a/SKILL.md', data: { kind: 'compose/extends-cycle' } },
      { file: 'b/SKILL.md', data: { kind: 'compose/extends-cycle' } },
    ],
  },
  {
    title: 'reports a skill that extends itself',
    files: { 'a/SKILL.md': skill('a', 'extends: a\n') },
    expect: [{ file: 'a/SKILL.md', data: { kind: 'compose/extends-self' } }],
  },
]);

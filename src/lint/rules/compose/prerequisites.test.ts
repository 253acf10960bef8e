import { testRule } from '../test-harness.js';
import { composePrerequisites } from './prerequisites.js';

const skill = (name: string, extra = '') =>
  `---\nname: ${name}\ndescription: Use when testing ${name}.\n${extra}---\n# ${name}\n`;

testRule(composePrerequisites, [
  {
    title: 'accepts prerequisites that are skills, without a cycle',
    files: {
      'deploy/SKILL.md': skill('deploy', 'prerequisites: [build, test]\n'),
      'test/SKILL.md': skill('test', 'prerequisites: [build]\n'),
      'build/SKILL.md': skill('build'),
    },
    expect: [],
  },
  {
    title: 'reports a prerequisite that is not a skill, at the field',
    files: { 'deploy/SKILL.md': skill('deploy', 'prerequisites: [biuld]\n') },
    expect: [{ file: 'deploy/SKILL.md', line: 4, data: { kind: 'compose/missing-prerequisite' } }],
  },
  {
    title: 'reports a cycle once',
    files: {
      'a/SKILL.md': skill('a', 'prerequisites: [b]\n'),
      'b/SKILL.md': skill('b', 'prerequisites: [a]\n'),
    },
    expect: [
      { file: 'b/SKILL.md', message: 'a → b → a', data: { kind: 'compose/prerequisite-cycle' } },
    ],
  },
]);

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { testRule } from '../test-harness.js';
import { composeImports, projectRootOf } from './imports.js';

const skill = (body: string) =>
  `---\nname: review\ndescription: Use when reviewing code.\n---\n${body}`;

testRule(composeImports, [
  {
    title: 'accepts imports that resolve in the skill folder and the project',
    files: {
      'review/SKILL.md': skill('# Review\n@import checklist.md\n@import shared/style.md\n'),
      'review/checklist.md': '# Checklist\n',
      'shared/style.md': '# Style\n',
    },
    expect: [],
  },
  {
    title: 'ignores @import inside fenced code',
    files: { 'review/SKILL.md': skill('```css\n@import url(theme.css);\n```\n') },
    expect: [],
  },
  {
    title: 'reports a missing import at its path',
    files: { 'review/SKILL.md': skill('# Review\n@import nowhere.md\n') },
    expect: [
      {
        line: 6,
        column: 9,
        endColumn: 19,
        data: { kind: 'compose/missing-import' },
        message: 'names no file',
      },
    ],
  },
  {
    title: 'refuses a path out of the library',
    files: { 'review/SKILL.md': skill('@import ../../etc/passwd\n') },
    expect: [{ line: 5, data: { kind: 'compose/import-outside-root' }, message: 'is refused' }],
  },
  {
    title: 'reports a cycle in the file that closes it',
    files: {
      'review/SKILL.md': skill('@import a.md\n'),
      'review/a.md': '@import b.md\n',
      'review/b.md': 'B\n@import a.md\n',
    },
    expect: [{ file: 'review/b.md', line: 2, data: { kind: 'compose/import-cycle' } }],
  },
  {
    title: 'stops at maxDepth',
    options: { maxDepth: 1 },
    files: {
      'review/SKILL.md': skill('@import a.md\n'),
      'review/a.md': '@import b.md\n',
      'review/b.md': 'B\n',
    },
    expect: [{ file: 'review/a.md', line: 1, data: { kind: 'compose/import-depth' } }],
  },
]);

it('takes the folder above .claude/skills or .agents/skills as the project root', () => {
  assert.equal(projectRootOf('/repo/.claude/skills'), '/repo');
  assert.equal(projectRootOf('/repo/.agents/skills'), '/repo');
  assert.equal(projectRootOf('/libs/mine'), '/libs/mine');
  assert.equal(projectRootOf('/libs/skills'), '/libs/skills');
});

import { testRule } from '../test-harness.js';
import { allowedToolsType } from './allowed-tools-type.js';

const skill = (field: string) =>
  `---\nname: x\ndescription: Use when testing tools.\n${field}\n---\nBody.\n`;

testRule(allowedToolsType, [
  {
    title: 'accepts a space-separated string',
    files: { 'x/SKILL.md': skill('allowed-tools: Read Grep') },
    expect: [],
  },
  {
    title: 'accepts a list of strings',
    files: { 'x/SKILL.md': skill('allowed-tools:\n  - Read\n  - Bash(git:*)') },
    expect: [],
  },
  {
    title: 'accepts scalars in a list, as strings',
    files: { 'x/SKILL.md': skill('allowed-tools: [Read, 1, true]') },
    expect: [],
  },
  { title: 'accepts an empty value', files: { 'x/SKILL.md': skill('allowed-tools:') }, expect: [] },
  { title: 'accepts a missing field', files: { 'x/SKILL.md': skill('license: MIT') }, expect: [] },
  {
    title: 'reports a mapping at the field',
    files: { 'x/SKILL.md': skill('allowed-tools:\n  read: true') },
    expect: [{ messageId: 'type', line: 4, column: 1 }],
  },
  {
    title: 'reports a list holding a list',
    files: { 'x/SKILL.md': skill('allowed-tools:\n  - Read\n  - [Grep, Glob]') },
    expect: [{ messageId: 'items', line: 4, column: 1 }],
  },
  {
    title: 'reports a list holding a mapping',
    files: { 'x/SKILL.md': skill('allowed-tools:\n  - Bash: git') },
    expect: [{ messageId: 'items', line: 4 }],
  },
  {
    title: 'is off in the recommended profile',
    files: { 'x/SKILL.md': skill('allowed-tools:\n  read: true') },
    profile: 'recommended',
    expect: [],
  },
]);

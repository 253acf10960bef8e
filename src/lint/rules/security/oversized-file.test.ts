import { testRule } from '../test-harness.js';
import { oversizedFile } from './oversized-file.js';

const skill = '---\nname: x\ndescription: Use when testing.\n---\nBody.\n';

testRule(oversizedFile, [
  {
    title: 'reports a file over 5 MB',
    files: { 'x/SKILL.md': skill, 'x/data.bin': Buffer.alloc(5 * 1024 * 1024 + 1) },
    expect: [{ messageId: 'large', file: 'x/data.bin', data: { rel: 'data.bin' } }],
  },
  {
    title: 'accepts a file of 5 MB',
    files: { 'x/SKILL.md': skill, 'x/data.bin': Buffer.alloc(5 * 1024 * 1024) },
    expect: [],
  },
]);

import { testRule } from '../test-harness.js';
import { binaryFile } from './binary-file.js';

const skill = '---\nname: x\ndescription: Use when testing.\n---\nBody.\n';
const pe = Buffer.alloc(0x60);
pe.write('MZ', 0);
pe.writeUInt32LE(0x40, 0x3c);
pe.write('PE\0\0', 0x40, 'latin1');

testRule(binaryFile, [
  {
    title: 'reports an ELF binary',
    files: { 'x/SKILL.md': skill, 'x/bin/tool': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]) },
    expect: [{ file: 'x/bin/tool', data: { format: 'ELF' } }],
  },
  {
    title: 'reports a Mach-O binary',
    files: { 'x/SKILL.md': skill, 'x/bin/tool': Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]) },
    expect: [{ data: { format: 'Mach-O' } }],
  },
  {
    title: 'reports a PE binary',
    files: { 'x/SKILL.md': skill, 'x/bin/tool.exe': pe },
    expect: [{ data: { format: 'PE' } }],
  },
  {
    title: 'accepts text that starts with MZ, and an image',
    files: {
      'x/SKILL.md': skill,
      'x/notes.txt': 'MZ is a prefix.\n',
      'x/a.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]),
    },
    expect: [],
  },
]);

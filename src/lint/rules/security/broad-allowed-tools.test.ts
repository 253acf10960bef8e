import { testRule } from '../test-harness.js';
import { broadAllowedTools } from './broad-allowed-tools.js';

const skill = (tools: string) =>
  `---\nname: x\ndescription: Use when testing.\nallowed-tools: ${tools}\n---\nBody.\n`;

testRule(broadAllowedTools, [
  {
    title: 'reports Bash(*) at the field',
    files: { 'x/SKILL.md': skill('Read Bash(*)') },
    expect: [{ messageId: 'unrestricted', line: 4, data: { tool: 'Bash(*)' } }],
  },
  {
    title: 'reports bare Bash in a comma list, and *',
    files: { 'x/SKILL.md': skill('Read, Bash, *') },
    expect: [{ data: { tool: '*' } }, { data: { tool: 'Bash' } }],
  },
  {
    title: 'reports a shell behind Bash(sh:*) as unrestricted',
    files: { 'x/SKILL.md': skill('Bash(sh:*)') },
    expect: [{ messageId: 'unrestricted', data: { command: 'sh' } }],
  },
  {
    title: 'reports curl with any arguments as wide',
    files: { 'x/SKILL.md': skill('Bash(curl:*)') },
    expect: [{ messageId: 'wide', data: { command: 'curl' }, severity: 'warning' }],
  },
  {
    title: 'accepts named commands',
    files: { 'x/SKILL.md': skill('Read Grep Bash(git status:*) Bash(npm test)') },
    expect: [],
  },
]);

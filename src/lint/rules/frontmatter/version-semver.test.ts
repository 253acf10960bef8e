import { testRule } from '../test-harness.js';
import { versionSemver } from './version-semver.js';

const skill = (version: string) =>
  `---\nname: x\ndescription: Use when testing versions.\nversion: ${version}\n---\nBody.\n`;
const suggests = (version: string, suggestion: string) => ({
  title: `suggests \`${suggestion}\` for \`${version}\``,
  files: { 'x/SKILL.md': skill(version) },
  expect: [{ messageId: 'invalid', line: 4, column: 1, data: { suggestion } }],
});

testRule(versionSemver, [
  {
    title: 'accepts SemVer versions, with pre-release and build',
    files: {
      'a/SKILL.md': skill('1.0.0'),
      'b/SKILL.md': skill('2.1.0-beta.1'),
      'c/SKILL.md': skill('1.0.0+build.5'),
      'd/SKILL.md': skill('0.0.0'),
    },
    expect: [],
  },
  {
    title: 'reads `1.0` as written, not as the number 1',
    files: { 'x/SKILL.md': skill('1.0') },
    expect: [{ message: 'Unexpected version `1.0`, expected SemVer such as `1.0.0`' }],
  },
  suggests('v1.2.3', '1.2.3'),
  suggests('1', '1.0.0'),
  suggests('01.2.3', '1.2.3'),
  suggests('1.2.3.4', '1.2.3'),
  suggests('latest', '1.0.0'),
  suggests('1.0.0-', '1.0.0'),
  { title: 'ignores an empty value', files: { 'x/SKILL.md': skill('') }, expect: [] },
  { title: 'leaves a list to parsing', files: { 'x/SKILL.md': skill('[1, 2]') }, expect: [] },
  {
    title: 'does not look at `metadata.version`',
    files: { 'x/SKILL.md': '---\nname: x\ndescription: d\nmetadata:\n  version: "1.0"\n---\n' },
    expect: [],
  },
  {
    title: 'is off in the spec profile',
    files: { 'x/SKILL.md': skill('1.0') },
    profile: 'spec',
    expect: [],
  },
]);

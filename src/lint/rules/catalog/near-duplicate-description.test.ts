import { testRule } from '../test-harness.js';
import { nearDuplicateDescription } from './near-duplicate-description.js';

const skill = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\nBody.\n`;
const DESC =
  'Use when a SOQL query is slow, times out or fails with lock errors in orgs with large data volumes';
const OTHER =
  'Use when deploying the web app to staging or production with the release script and checks';

testRule(nearDuplicateDescription, [
  {
    title: 'accepts different descriptions',
    files: { 'a/SKILL.md': skill('a', DESC), 'b/SKILL.md': skill('b', OTHER) },
    expect: [],
  },
  {
    title: 'reports the later of two equal descriptions, naming the earlier',
    files: { 'a/SKILL.md': skill('a', DESC), 'b/SKILL.md': skill('b', DESC) },
    expect: [
      {
        messageId: 'duplicate',
        file: 'b/SKILL.md',
        line: 3,
        column: 1,
        data: {
          other: 'a',
          otherPath: '/lib/a/SKILL.md',
          relative: '../a/SKILL.md',
          similarity: 1,
          percent: 100,
        },
      },
    ],
  },
  {
    title: 'ignores case and punctuation',
    files: { 'a/SKILL.md': skill('a', DESC), 'b/SKILL.md': skill('b', `${DESC.toUpperCase()}!!`) },
    expect: [{ file: 'b/SKILL.md', data: { similarity: 1 } }],
  },
  {
    title: 'reports a near-duplicate with its similarity',
    // 20 words, the last one changed: 17 shingles shared, 19 in all.
    files: {
      'a/SKILL.md': skill('a', DESC),
      'b/SKILL.md': skill('b', DESC.replace(/volumes$/, 'tables')),
    },
    expect: [
      { file: 'b/SKILL.md', message: '89% the same as that of `a`', data: { similarity: 0.895 } },
    ],
  },
  {
    title: 'names the closest earlier skill for each later copy',
    files: {
      'c/SKILL.md': skill('c', DESC),
      'a/SKILL.md': skill('a', DESC),
      'b/SKILL.md': skill('b', DESC),
    },
    expect: [
      { file: 'b/SKILL.md', data: { other: 'a' } },
      { file: 'c/SKILL.md', data: { other: 'a' } },
    ],
  },
  {
    title: 'ignores descriptions under eight words',
    files: {
      'a/SKILL.md': skill('a', 'Use when deploying the web app.'),
      'b/SKILL.md': skill('b', 'Use when deploying the web app.'),
    },
    expect: [],
  },
  {
    title: 'takes the similarity from `threshold`',
    files: {
      'a/SKILL.md': skill('a', DESC),
      'b/SKILL.md': skill('b', DESC.replace(/volumes$/, 'tables')),
    },
    options: { threshold: 0.9 },
    expect: [],
  },
  {
    title: 'takes the shortest description compared from `minWords`',
    files: {
      'a/SKILL.md': skill('a', 'Use when deploying the web app.'),
      'b/SKILL.md': skill('b', 'Use when deploying the web app.'),
    },
    options: { minWords: 5 },
    expect: [{ file: 'b/SKILL.md' }],
  },
  {
    title: 'is off in the spec profile',
    files: { 'a/SKILL.md': skill('a', DESC), 'b/SKILL.md': skill('b', DESC) },
    profile: 'spec',
    expect: [],
  },
]);

import { testRule } from '../test-harness.js';
import { whenToUse } from './when-to-use.js';

const skill = (description: string, extra = '') =>
  `---\nname: x\ndescription: ${JSON.stringify(description)}\n${extra}---\nBody.\n`;
const ok = (title: string, description: string) => ({
  title,
  files: { 'x/SKILL.md': skill(description) },
  expect: [],
});
const missing = [{ messageId: 'missing', line: 3, column: 1 }];

// Descriptions from the real libraries in ../shared/corpora.
testRule(whenToUse, [
  ok(
    'accepts "Use when"',
    'Use when a SOQL query is running slowly, causing timeouts, or returning UNABLE_TO_LOCK_ROW errors in large data volume orgs.',
  ),
  ok(
    'accepts "Use this skill when"',
    'Use this skill when setting up or modifying product bundles, product options and product rules in Salesforce CPQ.',
  ),
  ok(
    'accepts "Use after …, when …" at the end',
    'Export a promoted fine-tuned model in the right deployment format. Use after a checkpoint passes promotion, or when an exported model fails its smoke test.',
  ),
  ok(
    'accepts a "Trigger keywords:" list',
    'Design Connected App OAuth callback URLs and My Domain naming. Trigger keywords: oauth redirect uri, connected app callback, my domain.',
  ),
  ok(
    'accepts "Spawn when users need"',
    'Engineering Team Lead agent for coordinating QA and security. Spawn when users need team coordination or incident response.',
  ),
  ok(
    'accepts "Use PROACTIVELY for"',
    'Expert code reviewer. Use PROACTIVELY for code quality, security and maintainability reviews.',
  ),
  ok(
    'accepts a line that opens with "When"',
    'Reviews pull requests.\nWhen a PR is opened or updated.',
  ),
  ok(
    'accepts Chinese "…时使用"',
    '为 OpenClaw AI Agent 锻造完整的龙虾灵魂方案。当用户需要创建、设计或定制 OpenClaw 龙虾灵魂时使用。',
  ),
  ok(
    'accepts Japanese "…場合に使用"',
    '不慣れなコードベースを分析します。新しいプロジェクトに参加する場合に使用します。',
  ),
  {
    title: 'accepts a topic-only description beside a `when_to_use` field',
    files: {
      'x/SKILL.md': skill(
        'Backend architecture patterns and API design.',
        'when_to_use: When designing an HTTP API.\n',
      ),
    },
    expect: [],
  },
  {
    title: 'reports a description that lists topics only, at the description',
    files: {
      'x/SKILL.md': skill(
        'Backend architecture patterns, API design, database optimization, and server-side best practices for Node.js, Express, and Next.js API routes.',
      ),
    },
    expect: missing,
  },
  {
    title: 'reports a description whose only clause says when not to use it',
    files: {
      'x/SKILL.md': skill(
        'Task and Event objects: polymorphic WhatId/WhoId, ActivityHistory vs OpenActivity. NOT for Calendar sharing (use calendar-sharing-setup).',
      ),
    },
    expect: missing,
  },
  {
    title: 'does not take "when to use X vs Y" for a when clause',
    files: {
      'x/SKILL.md': skill(
        'Next.js 16+ and Turbopack — incremental bundling, FS caching, dev speed, and when to use Turbopack vs webpack.',
      ),
    },
    expect: missing,
  },
  {
    title: 'reports a blank `when_to_use` beside a topic-only description',
    files: { 'x/SKILL.md': skill('Redis data structure patterns.', 'when_to_use: ""\n') },
    expect: missing,
  },
  {
    title: 'leaves a description taken from the body to parsing',
    files: { 'x/SKILL.md': '---\nname: x\n---\nRedis data structure patterns.\n' },
    expect: [],
  },
  {
    title: 'is off in the spec profile',
    files: { 'x/SKILL.md': skill('Redis data structure patterns.') },
    profile: 'spec',
    expect: [],
  },
]);

import { testRule } from '../test-harness.js';
import { bodyBrokenLink } from './broken-link.js';

const skill = (body: string) => `---\nname: x\ndescription: Use when testing links.\n---\n${body}`;
const withApi = (body: string) => ({
  'x/SKILL.md': skill(body),
  'x/references/api.md': '# API\n',
  'x/references/my notes.md': '# Notes\n',
});

testRule(bodyBrokenLink, [
  {
    title: 'accepts a link to a file that exists',
    files: withApi('See [the API](references/api.md).\n'),
    expect: [],
  },
  {
    title: 'reports a link to a missing file, with its extent',
    files: withApi('See [the API](references/missing.md) for details.\n'),
    expect: [
      {
        messageId: 'missing',
        line: 5,
        column: 5,
        endLine: 5,
        endColumn: 37,
        data: { target: 'references/missing.md', path: '/lib/x/references/missing.md' },
      },
    ],
  },
  {
    title: 'counts columns in characters after non-ASCII text, and decodes non-ASCII targets',
    files: withApi('Voir le café — 😀 [là](références/manquant.md).\n'),
    expect: [
      {
        messageId: 'missing',
        line: 5,
        column: 19,
        endLine: 5,
        endColumn: 47,
        data: { target: 'références/manquant.md' },
      },
    ],
  },
  {
    title: 'reports a missing image',
    files: withApi('Intro.\n\n![flow](assets/flow.png)\n'),
    expect: [{ messageId: 'missing', line: 7, column: 1, data: { target: 'assets/flow.png' } }],
  },
  {
    title: 'reports an image inside a link and the link',
    files: withApi('[![badge](badge.svg)](docs/x.md)\n'),
    expect: [
      { line: 5, column: 1, endColumn: 33, data: { target: 'docs/x.md' } },
      { line: 5, column: 2, endColumn: 21, data: { target: 'badge.svg' } },
    ],
  },
  {
    title: 'reports a reference definition to a missing file',
    files: withApi('See [the API][api].\n\n[api]: references/gone.md "API"\n'),
    expect: [{ line: 7, column: 1, data: { target: 'references/gone.md' } }],
  },
  {
    title: 'skips footnotes',
    files: withApi('Claim.[^1]\n\n[^1]: A note, not a path.\n'),
    expect: [],
  },
  {
    title: 'skips URLs, anchors, absolute and home paths, and placeholders',
    files: withApi(
      [
        '[site](https://example.com/x.md) [mail](mailto:a@b.c) [top](#usage)',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the input
        '[abs](/etc/hosts.md) [home](~/notes.md) [var](${CLAUDE_SKILL_DIR}/x.md) [empty]()',
        '',
      ].join('\n'),
    ),
    expect: [],
  },
  {
    title: 'skips links in fenced code, inline code and comments',
    files: withApi(
      [
        '```md',
        '[a](missing-1.md)',
        '```',
        '~~~~',
        '[b](missing-2.md)',
        '~~~~',
        'Write `[c](missing-3.md)` or ``[d](missing-4.md)``.',
        '<!-- [e](missing-5.md) -->',
        '',
      ].join('\n'),
    ),
    expect: [],
  },
  {
    title: 'sees links again after a fenced block closes',
    files: withApi('```\ncode\n```\n[a](missing.md)\n'),
    expect: [{ line: 8, data: { target: 'missing.md' } }],
  },
  {
    title: 'strips fragments and queries and decodes percent escapes',
    files: withApi(
      '[a](references/api.md#usage) [b](references/api.md?raw=1) [c](references/my%20notes.md)\n',
    ),
    expect: [],
  },
  {
    title: 'reads destinations in angle brackets and skips titles',
    files: withApi('[a](<references/my notes.md>) [b](references/api.md "The API")\n'),
    expect: [],
  },
  {
    title: 'resolves links that leave the skill folder',
    files: {
      ...withApi('[other](../y/SKILL.md) [gone](../z/SKILL.md)\n'),
      'y/SKILL.md': skill('Y.\n'),
    },
    expect: [{ data: { target: '../z/SKILL.md', path: '/lib/z/SKILL.md' } }],
  },
  { title: 'accepts a link to a folder', files: withApi('[refs](references/)\n'), expect: [] },
  {
    title: 'is off in the spec profile',
    files: withApi('[gone](references/gone.md)\n'),
    profile: 'spec',
    expect: [],
  },
]);

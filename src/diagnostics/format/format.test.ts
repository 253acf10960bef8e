import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { lintReport } from '../../core/views.js';
import { createMemoryFileSystem } from '../../files/memory-fs.js';
import { lintSkills } from '../../lint/run.js';
import { escapeData, escapeProperty, formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';

const require = createRequire(import.meta.url);

const fs = createMemoryFileSystem({
  lib: {
    Bad_Name: {
      'SKILL.md':
        '---\nname: Bad_Name\ndescription: Use when: colons, commas and 100% odd chars\nextra-field: x\n---\nBody\n',
    },
    good: { 'SKILL.md': '---\nname: good\ndescription: Use when all is well.\n---\nBody\n' },
  },
});
const result = lintReport(await lintSkills({ fs, roots: ['/lib'], profile: 'spec' }));

describe('lint formats', () => {
  it('finds something to format', () => {
    assert.ok(result.summary.errors >= 3);
  });

  it('json prints the contract shape', () => {
    const out = JSON.parse(formatJson(result)) as {
      summary: object;
      diagnostics: Array<Record<string, unknown>>;
    };
    assert.deepEqual(Object.keys(out), ['summary', 'diagnostics']);
    assert.deepEqual(out.summary, {
      skills: 2,
      errors: result.summary.errors,
      warnings: result.summary.warnings,
    });
    for (const d of out.diagnostics) {
      for (const k of ['code', 'severity', 'message', 'file', 'start']) assert.ok(k in d, k);
      assert.ok(path.isAbsolute(String(d.file)));
    }
  });

  it('sarif validates against the SARIF 2.1.0 schema', () => {
    const Ajv = require('ajv-draft-04') as new (
      o: object,
    ) => { compile(s: object): ((d: unknown) => boolean) & { errors?: unknown } };
    const schema = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json') as object;
    // The published schema has a pattern that is only valid without the `u` flag.
    const validate = new Ajv({
      strict: false,
      validateFormats: false,
      unicodeRegExp: false,
    }).compile(schema);
    const log = JSON.parse(formatSarif(result, { cwd: '/lib' })) as {
      runs: Array<{ results: unknown[] }>;
    };
    assert.ok(validate(log), JSON.stringify(validate.errors));
    assert.equal(log.runs[0]?.results.length, result.diagnostics.length);
    assert.equal(validate({ version: '2.1.0' }), false, 'the validator does reject a broken log');
  });

  it('github prints one well-formed workflow command per diagnostic', () => {
    const lines = formatGithub(result, { cwd: '/lib' }).trimEnd().split('\n');
    assert.equal(lines.length, result.diagnostics.length);
    const command =
      /^::(error|warning|notice) file=[^,:\n]+,line=\d+,col=\d+(,endLine=\d+,endColumn=\d+)?,title=[^,:\n]+::[^\n\r]*$/;
    for (const line of lines) assert.match(line, command);
    assert.ok(
      lines.some((l) =>
        l.startsWith('::error file=Bad_Name/SKILL.md,line=2,col=1,title=frontmatter/name-format::'),
      ),
    );
  });

  it('github escapes what workflow commands reserve', () => {
    assert.equal(escapeData('100% a\nb\r'), '100%25 a%0Ab%0D');
    assert.equal(escapeProperty('a:b,c'), 'a%3Ab%2Cc');
  });

  it('stylish groups by file and ends with a summary', () => {
    const out = formatStylish(result);
    assert.match(out, /^\/lib\/Bad_Name\/SKILL\.md\n {2}\d+:\d+ +error +/);
    assert.match(out, /✖ 2 skills linted: \d+ errors, \d+ warnings?\n$/);
  });
});

describe('stylish, over a library that repeats one finding', () => {
  const tree: Record<string, { 'SKILL.md': string }> = {};
  for (const n of ['a', 'b', 'c', 'd', 'e', 'f'])
    tree[n] = {
      'SKILL.md': `---\nname: ${n}\ndescription: Use when testing ${n}.\ncategory: x\n---\nBody\n`,
    };
  it('prints a finding repeated in many files once, with its count; --verbose lists each', async () => {
    const r = lintReport(
      await lintSkills({
        fs: createMemoryFileSystem({ lib: tree }),
        roots: ['/lib'],
        profile: 'spec',
      }),
    );
    const out = formatStylish(r);
    assert.match(out, /^ +6× {2}error {4}Unexpected fields in frontmatter: `category`/m);
    assert.ok(!out.includes('/lib/a/SKILL.md'), out);
    const verbose = formatStylish(r, { verbose: true });
    for (const n of ['a', 'b', 'c', 'd', 'e', 'f'])
      assert.ok(verbose.includes(`/lib/${n}/SKILL.md`));
  });
});

describe('stylish and github, over a skill whose folder and name hold terminal escapes', () => {
  const folder = 'evil\x1b[2J\u202e';
  const tree = {
    lib: {
      [folder]: {
        'SKILL.md': `---\nname: "x\\e]0;pwned\\a\\x9b"\ndescription: Use when testing.\n---\nBody\n`,
      },
    },
  };
  it('shows each control and bidi character escaped, and prints none raw', async () => {
    const r = lintReport(
      await lintSkills({ fs: createMemoryFileSystem(tree), roots: ['/lib'], profile: 'spec' }),
    );
    const stylish = formatStylish(r);
    assert.ok(stylish.includes('/lib/evil\\x1b[2J\\u{202e}/SKILL.md\n'), stylish);
    assert.ok(stylish.includes('x\\x1b]0;pwned\\x07\\x9b'), stylish);
    const github = formatGithub(r, { cwd: '/lib' });
    assert.ok(github.includes('file=evil\\x1b[2J\\u{202e}/SKILL.md,'), github);
    for (const out of [stylish, github])
      for (const c of ['\x1b', '\x07', '\x9b', '\u202e']) assert.ok(!out.includes(c), out);
  });
});

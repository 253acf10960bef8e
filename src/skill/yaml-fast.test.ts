import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import YAML from 'yaml';
import { corporaDir } from '../test-support/paths.js';
import { splitFrontmatter } from './split.js';
import { parseYamlFast } from './yaml-fast.js';
import { resolvePlain } from './yaml-scalars.js';

const reference = (text: string): unknown => YAML.parse(text) ?? {};

describe('parseYamlFast', () => {
  const agrees: Array<[string, string]> = [
    ['plain scalars', 'name: demo\ndescription: Use when X happens.\n'],
    [
      'core schema',
      'a: true\nb: False\nc: ~\nd: 12\ne: 1.5\nf: 1.0.0\ng: 2026-04-12\nh: 0x1F\ni: 0o17\nj: -3\nk: .5\n',
    ],
    ['quoted', `a: "x: y # z"\nb: 'it''s'\nc: ""\n`],
    ['block sequence', 'tags:\n  - a\n  - "b c"\n  - 3\n'],
    ['compact sequence', 'tags:\n- a\n- b\nname: x\n'],
    ['flow sequence', 'tags: [a, b, 3]\nempty: []\n'],
    ['quoted flow items', `tags: ["a-b", 'c d', x, "y, z"]\n`],
    [
      'nested mapping',
      'metadata:\n  author: me\n  version: "1.0"\ntriggers:\n  files:\n    - "*.ts"\n  intents: [review]\n',
    ],
    ['literal block', 'description: |\n  line one\n\n  line two\nname: x\n'],
    ['folded block', 'description: >-\n  one\n  two\n\n  three\n'],
    ['empty value', 'a:\nb: 1\n'],
    ['comments', '# top\na: 1 \n# comment\nb: 2\n'],
  ];
  for (const [title, text] of agrees) {
    it(`agrees with yaml@2 on ${title}`, () => {
      const fast = parseYamlFast(text, 0);
      assert.ok(fast, 'expected the fast path to take it');
      assert.deepEqual(fast.value, reference(text));
    });
  }

  const bails: Array<[string, string]> = [
    ['an unquoted `: ` in a value', 'description: Use when: x\n'],
    ['anchors and aliases', 'a: &x 1\nb: *x\n'],
    ['tags', 'a: !!js/function "x"\n'],
    ['multi-line plain scalars', 'a: one\n  two\n'],
    ['duplicate keys', 'a: 1\na: 2\n'],
    ['flow mappings', 'a: {b: 1}\n'],
    ['escapes in double quotes', 'a: "x\\ny"\n'],
    ['tab indentation', 'a:\n\t- x\n'],
    ['sequences of mappings', 'a:\n  - b: 1\n'],
    ['a trailing comma in a flow sequence', 'a: [x, y,]\n'],
    ['escapes in flow items', 'a: ["x\\"y"]\n'],
  ];
  for (const [title, text] of bails) {
    it(`hands ${title} to yaml@2`, () => assert.equal(parseYamlFast(text, 0), undefined));
  }

  it('records file positions for keys and items', () => {
    const fast = parseYamlFast('name: x\ntags:\n  - a\n  - b\n', 1);
    assert.deepEqual(fast?.positions, {
      name: { line: 2, column: 1 },
      tags: { line: 3, column: 1 },
      'tags.0': { line: 4, column: 5 },
      'tags.1': { line: 5, column: 5 },
    });
  });

  it('resolves plain scalars as the core schema does', () => {
    for (const s of ['1e3', '+1', '-.inf', 'Yes', 'on', '007', '1_000']) {
      assert.deepEqual(resolvePlain(s), YAML.parse(`v: ${s}`).v, s);
    }
  });

  it('gives the same value as yaml@2 for every front matter it takes in the corpora', () => {
    let taken = 0;
    let withFrontmatter = 0;
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name === 'SKILL.md' && e.isFile()) {
          const buf = readFileSync(p);
          const split = splitFrontmatter(buf, 0);
          if (split.kind !== 'frontmatter') continue;
          withFrontmatter++;
          const text = buf.toString('utf8', split.fmStart, split.fmEnd).replace(/\r\n?/g, '\n');
          const fast = parseYamlFast(text, 1);
          if (!fast) continue;
          taken++;
          assert.deepEqual(fast.value, reference(text), p);
        }
      }
    };
    walk(corporaDir);
    // Four in five front matters of the corpora are plain enough for the fast path.
    assert.ok(
      taken >= 0.8 * withFrontmatter,
      `only ${taken} of ${withFrontmatter} front matters took the fast path`,
    );
  });
});

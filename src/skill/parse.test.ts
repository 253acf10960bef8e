import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { firstParagraph, parseSkillFile } from './parse.js';

const parse = (s: string | Buffer) =>
  parseSkillFile(typeof s === 'string' ? Buffer.from(s) : s, '/lib/x/SKILL.md');
const codes = (s: string | Buffer) => parse(s).diagnostics.map((d) => d.code);

describe('parseSkillFile', () => {
  it('parses front matter, description and body position', () => {
    const r = parse('\uFEFF---\r\nname: x\r\ndescription: Use when testing.\r\n---\r\n# X\r\n');
    assert.equal(r.frontmatter.name, 'x');
    assert.equal(r.description, 'Use when testing.');
    assert.equal(r.descriptionSource, 'frontmatter');
    assert.equal(r.bodyLine, 5);
    assert.deepEqual(r.diagnostics, []);
    assert.match(r.contentHash, /^[0-9a-f]{64}$/);
  });

  it('recovers an unquoted `: ` in a value with a warning on that line', () => {
    const r = parse('---\nname: x\ndescription: Use when: the build fails\ntags: [a]\n---\nBody\n');
    assert.equal(r.description, 'Use when: the build fails');
    assert.deepEqual(r.frontmatter.tags, ['a']);
    const d = r.diagnostics.find((x) => x.code === 'parse/recovered-yaml');
    assert.deepEqual(d?.start, { line: 3, column: 1 });
  });

  it('keeps the skill with empty front matter when YAML cannot be recovered', () => {
    const r = parse('---\nname: x\ndescription: "no closing quote\n---\nFirst paragraph here.\n');
    assert.equal(r.loadable, true);
    assert.deepEqual(r.raw, {});
    assert.ok(
      r.diagnostics.some(
        (d) => d.code === 'parse/invalid-yaml' && d.severity === 'error' && d.start.line >= 2,
      ),
    );
    assert.equal(r.description, 'First paragraph here.');
  });

  it('keeps numbers and booleans as written where a string is expected', () => {
    for (const fm of [
      'version: 1.10\nmetadata:\n  rev: 1.0\n  on: yes\n',
      'version: 1.10\nmetadata: {rev: 1.0, on: yes}\n',
    ]) {
      const r = parse(`---\ndescription: d\n${fm}---\n`);
      assert.equal(r.frontmatter.version, '1.10', fm);
      assert.deepEqual(r.frontmatter.metadata, { rev: '1.0', on: 'yes' }, fm);
      assert.equal(r.scalarSources.version, '1.10');
    }
  });

  it('refuses duplicate keys with their position', () => {
    const d = parse('---\nname: a\nname: b\n---\n').diagnostics.find(
      (x) => x.code === 'parse/duplicate-key',
    );
    assert.equal(d?.start.line, 3);
  });

  it('falls back to the first paragraph of the body for a missing description', () => {
    const r = parse(
      '---\nname: x\n---\n# Title\n\n<!-- note -->\nDoes one thing\nwell.\n\nMore.\n',
    );
    assert.equal(r.description, 'Does one thing well.');
    assert.equal(r.descriptionSource, 'body');
    assert.ok(codes('---\nname: x\n---\n').includes('parse/missing-description'));
  });

  it('diagnoses files without front matter and unclosed or foreign fences', () => {
    assert.ok(codes('# Just a body\n\nText.\n').includes('parse/no-frontmatter'));
    assert.ok(codes('---\nname: x\n').includes('parse/unclosed-frontmatter'));
    assert.ok(codes('---js\n{}\n---\n').includes('parse/unsupported-frontmatter'));
  });

  it('skips binary files and repairs invalid UTF-8 with a position', () => {
    const bin = parse(Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01]));
    assert.equal(bin.loadable, false);
    assert.equal(bin.diagnostics[0]?.code, 'parse/binary-file');
    const bad = Buffer.concat([
      Buffer.from('---\ndescription: caf'),
      Buffer.from([0xe9]),
      Buffer.from('\n---\n'),
    ]);
    const r = parse(bad);
    assert.equal(r.description, 'caf\uFFFD');
    assert.deepEqual(r.diagnostics.find((d) => d.code === 'parse/invalid-utf8')?.start, {
      line: 2,
      column: 17,
    });
  });

  it('refuses alias bombs and deep nesting', () => {
    const bomb = ['---', 'a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++)
      bomb.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(', ')}]`,
      );
    bomb.push('---', '');
    assert.ok(codes(bomb.join('\n')).includes('parse/yaml-alias-bomb'));
    assert.ok(
      codes(`---\na: ${'['.repeat(5000)}${']'.repeat(5000)}\n---\n`).includes(
        'parse/yaml-too-deep',
      ),
    );
  });

  it('never throws, whatever the bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 400 }),
        fc.string({ maxLength: 200 }),
        (bytes, text) => {
          parse(Buffer.from(bytes));
          parse(`---\n${text}\n---\n${text}`);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('firstParagraph', () => {
  it('skips headings, fences and rules', () => {
    assert.equal(firstParagraph('```\ncode\n```\n---\n## H\nText'), 'Text');
  });
});

// `@import` resolution over real folders: order, recursion, cycles, depth, missing files, and paths
// or links that leave the allowed roots.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { type ImportAllowance, importAllowance } from './import-limits.js';
import { importLines } from './import-lines.js';
import { resolveImports } from './imports.js';

/** A project with a skill folder; `files` are written relative to the project root. */
function project(files: Record<string, string>): { root: string; skill: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'skillset-imports-'));
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return { root, skill: path.join(root, '.claude', 'skills', 'review') };
}

async function resolve(
  files: Record<string, string>,
  body: string,
  maxDepth?: number,
  allowance?: ImportAllowance,
) {
  const { root, skill } = project(files);
  const file = path.join(skill, 'SKILL.md');
  const r = await resolveImports(body, file, 5, {
    roots: [skill, root],
    ...(maxDepth !== undefined ? { maxDepth } : {}),
    ...(allowance ? { allowance } : {}),
  });
  return { ...r, root, skill, file };
}

describe('importLines', () => {
  it('finds @import lines outside fenced code, with their positions', () => {
    const text = [
      '# Review',
      '@import checklist.md',
      '```css',
      '@import url(theme.css);',
      '```',
      '   @import "quoted path.md"  ',
      '@importnot.md',
      '@import',
    ].join('\n');
    assert.deepEqual(importLines(text, 10), [
      { spec: 'checklist.md', line: 11, column: 9 },
      { spec: 'quoted path.md', line: 15, column: 12 },
    ]);
  });
});

describe('the corpora', () => {
  it('hold no @import line: theirs are CSS in fenced code or in tables', async () => {
    const { corporaDir } = await import('../test-support/paths.js');
    const { readFileSync } = await import('node:fs');
    const file = path.join(
      corporaDir,
      'wshobson-agents/plugins/frontend-mobile-development/skills/tailwind-design-system/SKILL.md',
    );
    const text = readFileSync(file, 'utf8');
    assert.match(text, /@import "tailwindcss"/);
    assert.deepEqual(importLines(text), []);
  });
});

describe('resolveImports', () => {
  it('reads imports from the skill folder, then the project root, in reading order and recursively', async () => {
    const r = await resolve(
      {
        '.claude/skills/review/SKILL.md': '',
        '.claude/skills/review/checklist.md': '# Checklist\n@import .claude/shared/security.md\n',
        '.claude/shared/security.md': '---\nskill_name: security\n---\n# Security\nNo secrets.\n',
        'docs/style.md': '# Style\n',
      },
      '# Review\n@import checklist.md\n@import docs/style.md\nDone.\n',
    );
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(
      r.imports.map((i) => [path.relative(r.root, i.file), i.depth, i.from.line]),
      [
        ['.claude/skills/review/checklist.md', 1, 6],
        ['.claude/shared/security.md', 2, 2],
        ['docs/style.md', 1, 7],
      ],
    );
    // Front matter and the @import lines themselves are not content; line numbers still hold.
    assert.equal(r.imports[1]?.text, '# Security\nNo secrets.\n');
    assert.equal(r.imports[0]?.text, '# Checklist\n\n');
    assert.equal(r.text, '# Review\n\n\nDone.\n');
  });

  it('imports a file once, however many times it is named', async () => {
    const r = await resolve(
      { '.claude/skills/review/a.md': '@import b.md\n', '.claude/skills/review/b.md': 'B\n' },
      '@import a.md\n@import b.md\n',
    );
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(
      r.imports.map((i) => path.basename(i.file)),
      ['a.md', 'b.md'],
    );
  });

  it('reports a cycle, including one back to the skill itself, and does not follow it', async () => {
    const r = await resolve(
      {
        '.claude/skills/review/SKILL.md': '@import a.md\n',
        '.claude/skills/review/a.md': '@import b.md\n',
        '.claude/skills/review/b.md': '@import a.md\n@import SKILL.md\n',
      },
      '@import a.md\n',
    );
    assert.deepEqual(
      r.imports.map((i) => path.basename(i.file)),
      ['a.md', 'b.md'],
    );
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.severity, path.basename(d.file), d.start.line]),
      [
        ['compose/import-cycle', 'error', 'b.md', 1],
        ['compose/import-cycle', 'error', 'b.md', 2],
      ],
    );
    assert.match(r.diagnostics[0]?.message ?? '', /a\.md → b\.md → a\.md/);
  });

  it('reports a missing import at its line and column', async () => {
    const r = await resolve({ '.claude/skills/review/SKILL.md': '' }, '# R\n@import nowhere.md\n');
    assert.equal(r.imports.length, 0);
    assert.equal(r.diagnostics.length, 1);
    const d = r.diagnostics[0];
    assert.equal(d?.code, 'compose/missing-import');
    assert.equal(d?.file, r.file);
    assert.deepEqual(d?.start, { line: 6, column: 9 });
    assert.deepEqual(d?.end, { line: 6, column: 19 });
  });

  it('refuses paths that leave the roots: traversal, absolute, home and URLs', async () => {
    const r = await resolve(
      { '.claude/skills/review/SKILL.md': '' },
      [
        '@import ../../../../etc/passwd',
        '@import /etc/passwd',
        '@import ~/.ssh/id_rsa',
        '@import file:///etc/passwd',
      ].join('\n'),
    );
    assert.equal(r.imports.length, 0);
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      Array(4).fill('compose/import-outside-root'),
    );
  });

  it('refuses a link that leads outside the roots', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'skillset-outside-'));
    writeFileSync(path.join(outside, 'secret.md'), 'secret\n');
    const { root, skill } = project({ '.claude/skills/review/SKILL.md': '' });
    symlinkSync(path.join(outside, 'secret.md'), path.join(skill, 'linked.md'));
    const r = await resolveImports('@import linked.md\n', path.join(skill, 'SKILL.md'), 1, {
      roots: [skill, root],
    });
    assert.equal(r.imports.length, 0);
    assert.equal(r.diagnostics[0]?.code, 'compose/import-outside-root');
    assert.doesNotMatch(JSON.stringify(r), /secret\\n/);
  });

  it('stops at the depth bound with a warning', async () => {
    const files: Record<string, string> = {};
    for (let i = 1; i <= 4; i++) files[`.claude/skills/review/${i}.md`] = `@import ${i + 1}.md\n`;
    files['.claude/skills/review/5.md'] = 'five\n';
    const r = await resolve(files, '@import 1.md\n', 3);
    assert.deepEqual(
      r.imports.map((i) => path.basename(i.file)),
      ['1.md', '2.md', '3.md'],
    );
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.severity, path.basename(d.file)]),
      [['compose/import-depth', 'warning', '3.md']],
    );
  });

  it('reports an import that is a folder', async () => {
    const r = await resolve({ '.claude/skills/review/sub/x.md': 'x' }, '@import sub\n');
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      ['compose/missing-import'],
    );
  });
});

describe('resolveImports within a load allowance', () => {
  const limits = (maxBytes: number, maxImports = 100) => ({ maxBytes, maxImports });

  it('cuts the file that crosses the byte bound, and follows nothing after it', async () => {
    const allowance = importAllowance(limits(1000), 30, 1 << 20);
    const r = await resolve(
      {
        '.claude/skills/review/a.md': `${'a'.repeat(20)}\n`,
        '.claude/skills/review/b.md': `${'b'.repeat(40)}\n`,
        '.claude/skills/review/c.md': 'c\n',
      },
      '@import a.md\n@import b.md\n@import c.md\n',
      undefined,
      allowance,
    );
    assert.deepEqual(
      r.imports.map((i) => [path.basename(i.file), i.text.length]),
      [
        ['a.md', 21],
        ['b.md', 9],
      ],
    );
    assert.deepEqual(
      allowance.left.map((l) => [l.spec, l.reason, l.kept, l.size]),
      [
        ['b.md', 'bytes', 9, 41],
        ['c.md', 'bytes', undefined, undefined],
      ],
    );
    assert.equal(allowance.bytes, 0);
  });

  it('imports as many files as it may, and says which it did not follow', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 5; i++) files[`.claude/skills/review/${i}.md`] = `${i}\n`;
    const allowance = importAllowance(limits(1000, 3), 1000, 1 << 20);
    const r = await resolve(
      files,
      [0, 1, 2, 3, 4].map((i) => `@import ${i}.md`).join('\n'),
      undefined,
      allowance,
    );
    assert.equal(r.imports.length, 3);
    assert.deepEqual(
      allowance.left.map((l) => [l.spec, l.reason, l.line]),
      [
        ['3.md', 'files', 8],
        ['4.md', 'files', 9],
      ],
    );
  });

  it('looks up a path named a thousand times once, and imports it once', async () => {
    const allowance = importAllowance(limits(1000, 2), 1000, 1 << 20);
    const r = await resolve(
      { '.claude/skills/review/same.md': 'same\n' },
      Array(1000).fill('@import same.md').join('\n'),
      undefined,
      allowance,
    );
    assert.deepEqual(
      r.imports.map((i) => i.text),
      ['same\n'],
    );
    assert.deepEqual(allowance.left, []);
    assert.equal(allowance.lines, 2 * 10 - 1, 'one line examined');
  });

  it('stops examining @import lines that lead nowhere after its bound on lines', async () => {
    const allowance = importAllowance(limits(1000, 1), 1000, 1 << 20);
    const r = await resolve(
      { '.claude/skills/review/SKILL.md': '' },
      Array.from({ length: 50 }, (_, i) => `@import missing-${i}.md`).join('\n'),
      undefined,
      allowance,
    );
    assert.equal(r.diagnostics.length, 10, 'ten lines examined, ten missing');
    assert.equal(allowance.left.length + allowance.moreLeft, 40);
    assert.equal(allowance.left[0]?.reason, 'lines');
  });

  it('leaves out a file it may not read, knowing its size unread', async () => {
    const allowance = importAllowance(limits(1000), 10, 20);
    await resolve(
      { '.claude/skills/review/big.md': 'x'.repeat(500) },
      '@import big.md\n',
      undefined,
      allowance,
    );
    assert.deepEqual(
      allowance.left.map((l) => [l.reason, l.size, l.kept]),
      [['bytes', 500, undefined]],
    );
  });
});

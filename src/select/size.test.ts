// Sizing before Budget over in-memory libraries: imports count, a skill past the budget is measured
// no further, a parent's imports count, and a file that grows after sizing loads cut to its count.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import type { FileSystem } from '../files/fs.js';
import { createMemoryFileSystem, type MemoryTree } from '../files/memory-fs.js';
import { budgetStage } from './budget.js';
import { loadStage } from './load.js';
import { sizeCap, sizeStage } from './size.js';
import type { Candidate } from './types.js';

const head = '---\nname: big\ndescription: Use when deploying.\n---\n';
const body = '@import big.md\nDeploy it.\n';

function library(imported: string, extra: MemoryTree = {}): { tree: MemoryTree; c: Candidate } {
  const text = head + body;
  const chars = Buffer.byteLength(body);
  return {
    tree: { lib: { big: { 'SKILL.md': text, 'big.md': imported, ...extra } } },
    c: {
      id: 'big',
      name: 'big',
      path: '/lib/big/SKILL.md',
      scope: 'project',
      score: 80,
      tier: 'standard',
      chars,
      tokens: Math.ceil(chars / 4),
      contentHash: createHash('sha256').update(text).digest('hex'),
    },
  };
}

/** A file system that counts the bytes it reads. */
function counting(fs: FileSystem): { fs: FileSystem; read: () => number } {
  let read = 0;
  return {
    fs: {
      ...fs,
      async readFile(p, max) {
        const r = await fs.readFile(p, max);
        if (r.ok) read += r.bytes.length;
        return r;
      },
    },
    read: () => read,
  };
}

describe('sizeStage', () => {
  it('counts imports: a skill with a 900 KB import overflows a budget of 1,000, its import read no further', async () => {
    const { tree, c } = library('x'.repeat(900_000));
    const { fs, read } = counting(createMemoryFileSystem(tree));
    const sized = await sizeStage([c], { fs, cap: sizeCap(1000, 'chars') });
    assert.equal(sized.candidates[0]?.chars, 1001);
    assert.match(sized.decisions[0]?.reason ?? '', /more than 1000 chars/);
    assert.ok(read() < 2000, `read ${read()} bytes`);
    const r = budgetStage(sized.candidates, { limit: 1000 });
    assert.deepEqual(r.candidates, []);
    assert.deepEqual(
      r.overflow.map((x) => x.id),
      ['big'],
    );
  });

  it('counts a skill past the load limit as the limit, and Load cuts it there', async () => {
    const { tree, c } = library('x'.repeat(900_000));
    const fs = createMemoryFileSystem(tree);
    const sized = await sizeStage([c], { fs, cap: sizeCap(1_000_000, 'chars') });
    assert.equal(sized.candidates[0]?.chars, 100_000);
    const r = budgetStage(sized.candidates, { limit: 1_000_000 });
    const l = await loadStage(r.candidates, { fs, holdToCounted: true });
    const s = l.loaded[0];
    const loaded = Buffer.byteLength(s?.body ?? '') + Buffer.byteLength(s?.imports[0]?.text ?? '');
    assert.ok(loaded <= 100_000 && loaded > 99_000, `loaded ${loaded}`);
    assert.deepEqual(s?.cut?.imports[0], {
      spec: 'big.md',
      path: 'big.md',
      from: 'SKILL.md',
      line: 5,
      reason: 'bytes',
      kept: loaded - Buffer.byteLength(s?.body ?? ''),
      size: 900_000,
    });
    assert.deepEqual(
      l.diagnostics.map((d) => [d.code, d.start.line, d.start.column]),
      [['compose/load-limit', 5, 9]],
    );
  });

  it('counts what it imports exactly when it fits, and passes a skill without imports as it was', async () => {
    const { tree, c } = library('# Big\nSmall.\n');
    const plain = { ...c, id: 'plain', path: '/lib/plain/SKILL.md' };
    (tree.lib as MemoryTree).plain = { 'SKILL.md': `${head}Nothing imported.\n` };
    const sized = await sizeStage([c, plain], { fs: createMemoryFileSystem(tree), cap: 15_501 });
    assert.equal(sized.candidates[0]?.chars, c.chars + '# Big\nSmall.\n'.length);
    assert.equal(sized.candidates[1], plain);
    assert.deepEqual(
      sized.decisions.map((d) => d.id),
      ['big'],
    );
  });

  it("counts an `extends` parent's imports", async () => {
    const parentText = '---\nname: base\ndescription: Base.\n---\n@import base.md\n# Base\n';
    const { tree, c } = library('# Big\n');
    (tree.lib as MemoryTree).base = { 'SKILL.md': parentText, 'base.md': 'y'.repeat(5000) };
    const withParent = { ...c, chars: c.chars + 22, chain: [c.path, '/lib/base/SKILL.md'] };
    const sized = await sizeStage([withParent], {
      fs: createMemoryFileSystem(tree),
      cap: 15_501,
    });
    assert.equal(sized.candidates[0]?.chars, withParent.chars + '# Big\n'.length + 5000);
  });

  it('holds a skill whose import grew after sizing to what was counted', async () => {
    const small = library('# Big\nSmall.\n');
    const grown = library(`# Big\n${'z'.repeat(50_000)}\n`);
    let current = createMemoryFileSystem(small.tree);
    const fs: FileSystem = {
      readdir: (p) => current.readdir(p),
      stat: (p) => current.stat(p),
      realpath: (p) => current.realpath(p),
      readlink: (p) => current.readlink(p),
      readFile: (p, max) => current.readFile(p, max),
      mkdir: (p) => current.mkdir(p),
      writeFile: (p, data, o) => current.writeFile(p, data, o),
      rm: (p) => current.rm(p),
    };
    const sized = await sizeStage([small.c], { fs, cap: 15_501 });
    const counted = sized.candidates[0]?.chars ?? 0;
    current = createMemoryFileSystem(grown.tree);
    const l = await loadStage(sized.candidates, { fs, holdToCounted: true });
    const s = l.loaded[0];
    const loaded = Buffer.byteLength(s?.body ?? '') + Buffer.byteLength(s?.imports[0]?.text ?? '');
    assert.ok(loaded <= counted, `loaded ${loaded}, counted ${counted}`);
    assert.equal(s?.cut?.maxBytes, counted);
  });
});

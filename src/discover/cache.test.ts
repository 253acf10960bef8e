import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { ahead } from '../test-support/aged.js';
import { discoverSkills } from './discover.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'skillset-cache-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function write(file: string, text: string, mtime: Date): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  utimesSync(file, mtime, mtime);
}

describe('the parse cache', () => {
  const lib = path.join(tmp, 'lib');
  const cacheDir = path.join(tmp, 'cache');
  const old = new Date(Date.now() - 60_000);
  write(
    path.join(lib, 'a', 'SKILL.md'),
    '---\ndescription: first — café\ntags: [x, ü]\n---\nA\n',
    old,
  );
  write(path.join(lib, 'b', 'SKILL.md'), '---\ndescription: second\n---\nB\n', old);

  it('gives the same records warm as cold, decoding front matter lazily', async () => {
    const cold = await discoverSkills({ roots: [lib], cacheDir: false });
    const coldReads: string[] = [];
    await discoverSkills({ roots: [lib], cacheDir, onFileRead: (p) => coldReads.push(p) });
    assert.equal(coldReads.length, 2, 'the first run reads both files');
    // A hit reads no file: onFileRead is called for cache misses only.
    const warmReads: string[] = [];
    const warm = await discoverSkills({
      roots: [lib],
      cacheDir,
      onFileRead: (p) => warmReads.push(p),
    });
    assert.deepEqual(warmReads, []);
    assert.equal(JSON.stringify(warm), JSON.stringify(cold));
    assert.deepEqual(warm.skills[0]?.frontmatter.tags, ['x', 'ü']);
  });

  it('parses the file again when the front matter file is missing', async () => {
    for (const f of readdirSync(cacheDir)) if (f.endsWith('.rest')) rmSync(path.join(cacheDir, f));
    const warm = await discoverSkills({ roots: [lib], cacheDir });
    assert.deepEqual(warm.skills[0]?.frontmatter.tags, ['x', 'ü']);
    assert.equal(warm.skills[0]?.description, 'first — café');
  });

  it('re-parses a file whose size or mtime changed', async () => {
    write(
      path.join(lib, 'a', 'SKILL.md'),
      '---\ndescription: first, edited\n---\nA\n',
      new Date(Date.now() - 30_000),
    );
    const r = await discoverSkills({ roots: [lib], cacheDir });
    assert.equal(r.skills.find((s) => s.id === 'a')?.description, 'first, edited');
  });

  it('does not trust a record written within two seconds of the file’s mtime', async () => {
    const file = path.join(lib, 'b', 'SKILL.md');
    const now = ahead();
    write(file, '---\ndescription: second\n---\nB\n', now);
    await discoverSkills({ roots: [lib], cacheDir });
    // Same size, same mtime, new content: only the racy guard catches it.
    write(file, '---\ndescription: SECOND\n---\nB\n', now);
    const r = await discoverSkills({ roots: [lib], cacheDir });
    assert.equal(r.skills.find((s) => s.id === 'b')?.description, 'SECOND');
  });
});

describe('compact records', () => {
  it('give every field back exactly, also after their decoded front matter was dropped', async () => {
    const { corporaDir } = await import('../test-support/paths.js');
    const { parseSkillFile } = await import('../skill/parse.js');
    const { readFileSync } = await import('node:fs');
    const lib = path.join(corporaDir, 'salesforce-skills', 'skills');
    const { skills } = await discoverSkills({ roots: [lib], cacheDir: false });
    const first = skills[0];
    assert.ok(first);
    const before = JSON.stringify([
      first.frontmatter,
      first.raw,
      first.positions,
      first.scalarSources,
    ]);
    // Decode more records than are kept (the library's, six times over): the first one's is dropped.
    const again = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => discoverSkills({ roots: [lib], cacheDir: false })),
    );
    for (const r of again) for (const s of r.skills) void s.frontmatter;
    const after = JSON.stringify([
      first.frontmatter,
      first.raw,
      first.positions,
      first.scalarSources,
    ]);
    assert.equal(after, before);
    const fresh = parseSkillFile(readFileSync(first.path), first.path);
    assert.deepEqual(first.raw, fresh.raw);
    assert.deepEqual(first.frontmatter, fresh.frontmatter);
    assert.equal(first.description, fresh.description);
  });
});

describe('stored positions', () => {
  it('come back exactly on every skill of the corpora, in both stored forms', async () => {
    const { corporaDir } = await import('../test-support/paths.js');
    const { parseSkillFile } = await import('../skill/parse.js');
    const { compactRecord, LazyParsed } = await import('./compact.js');
    const { readFileSync, readdirSync } = await import('node:fs');
    const forms = { at: 0, keyed: 0 };
    for (const lib of readdirSync(corporaDir)) {
      const { skills } = await discoverSkills({
        roots: [path.join(corporaDir, lib)],
        cacheDir: false,
      });
      for (const s of skills) {
        const parsed = parseSkillFile(readFileSync(s.path), s.path);
        const record = compactRecord(parsed);
        if (!record) continue;
        forms[record.rest.includes('"at":') ? 'at' : 'keyed']++;
        const back = new LazyParsed(
          record.head,
          () => record.rest,
          s.path,
        ) as unknown as typeof parsed;
        assert.equal(JSON.stringify(back.positions), JSON.stringify(parsed.positions), s.path);
        assert.deepEqual(back.raw, parsed.raw, s.path);
        assert.deepEqual(back.frontmatter, parsed.frontmatter, s.path);
      }
    }
    // Positions in the raw value's own key order are stored as numbers; the rest keep their keys.
    // Most records (nine in ten) take the compact form; the corpora hold both.
    assert.ok(forms.at >= 0.9 * (forms.at + forms.keyed), JSON.stringify(forms));
    assert.ok(forms.keyed > 0, JSON.stringify(forms));
  });
});

describe('a library past 4,096 skills', () => {
  it('keeps few records decoded and still gives every field back, whatever the order of reading', async () => {
    const { createMemoryFileSystem } = await import('../files/memory-fs.js');
    const tree: Record<string, { 'SKILL.md': string }> = {};
    for (let i = 0; i < 4500; i++)
      tree[`s${i}`] = {
        'SKILL.md': `---\nname: s${i}\ndescription: Skill number ${i}.\ntags: [t${i % 7}, shared]\n---\nBody ${i}\n`,
      };
    const { skills } = await discoverSkills({
      fs: createMemoryFileSystem({ lib: tree }),
      roots: ['/lib'],
      cacheDir: false,
    });
    assert.equal(skills.length, 4500);
    const read = () => skills.map((s) => JSON.stringify([s.frontmatter.tags, s.raw.name]));
    const forward = read();
    skills.reverse();
    const backward = read().reverse();
    skills.reverse();
    assert.deepEqual(backward, forward);
    const i = skills.findIndex((s) => s.name === 's4321');
    assert.equal(forward[i], JSON.stringify([['t2', 'shared'], 's4321']));
  });
});

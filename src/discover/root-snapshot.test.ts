import assert from 'node:assert/strict';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { age, ahead, old } from '../test-support/aged.js';
import { type DiscoverOptions, discoverSkills } from './discover.js';

/** A library of skills (`rel` → SKILL.md text) in a new temporary folder, dated a minute back. */
function library(skills: Record<string, string>): { lib: string; cacheDir: string } {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'skillset-snapshot-'));
  const lib = path.join(tmp, 'lib');
  for (const [rel, text] of Object.entries(skills)) {
    mkdirSync(path.join(lib, rel), { recursive: true });
    writeFileSync(path.join(lib, rel, 'SKILL.md'), text);
  }
  age(lib);
  return { lib, cacheDir: path.join(tmp, 'cache') };
}

const skill = (description: string, extra = ''): string =>
  `---\ndescription: ${description}\n${extra}---\nBody of ${description}\n`;

const cacheFiles = (cacheDir: string, prefix: string): string[] =>
  readdirSync(cacheDir).filter((f) => f.startsWith(prefix));

/** Everything discovery returns, front matter included, as JSON (what every face prints from). */
async function discovered(lib: string, cacheDir: string | false, o: DiscoverOptions = {}) {
  const r = await discoverSkills({ roots: [lib], cacheDir, ...o });
  return JSON.stringify(r);
}

describe('the root snapshot', () => {
  it('gives what a cold scan gives, from its file alone', async () => {
    const { lib, cacheDir } = library({
      'group/alpha': skill('first — café', 'tags: [x, ü]\n'),
      'group/beta': skill('second'),
      'other/alpha': skill('a clash of names'),
      plain: 'no front matter\n',
      // A checkout without links writes a link as a file holding its target: followed every time.
      linked: '../group/beta/SKILL.md',
      binary: '---\ndescription: x\0\n---\n',
    });
    const cold = await discovered(lib, false);
    assert.equal(await discovered(lib, cacheDir), cold, 'the first run (no caches)');
    assert.equal(cacheFiles(cacheDir, 'scan-').length, 1, 'kept by the first run');
    assert.equal(await discovered(lib, cacheDir), cold, 'the second run (the snapshot)');
    // Without the walk cache and the parse cache's first file, the snapshot alone answers.
    for (const f of readdirSync(cacheDir))
      if (f.startsWith('walk-') || (f.startsWith('parse-') && f.endsWith('.json')))
        rmSync(path.join(cacheDir, f));
    const reads: string[] = [];
    const warm = await discoverSkills({
      roots: [lib],
      cacheDir,
      onFileRead: (p) => reads.push(path.relative(lib, p)),
    });
    assert.equal(JSON.stringify(warm), cold);
    assert.deepEqual(
      reads.sort(),
      ['binary/SKILL.md', 'group/beta/SKILL.md'],
      'only the files with no record kept are read (the link placeholder is read as its target)',
    );
  });

  it('parses the file again when the front matter is not at hand, and is kept anew next time', async () => {
    const { lib, cacheDir } = library({ a: skill('first', 'tags: [x]\n') });
    const cold = await discovered(lib, false);
    await discovered(lib, cacheDir);
    await discovered(lib, cacheDir);
    for (const f of cacheFiles(cacheDir, 'parse-')) rmSync(path.join(cacheDir, f));
    assert.equal(await discovered(lib, cacheDir), cold);
    // The front matter's file was missing: the snapshot is dropped, and the usual way keeps a new one.
    assert.equal(cacheFiles(cacheDir, 'scan-').length, 0);
    assert.equal(await discovered(lib, cacheDir), cold);
    assert.equal(cacheFiles(cacheDir, 'scan-').length, 1);
    assert.equal(await discovered(lib, cacheDir), cold);
  });

  it('finds the front matter beside it when the cache folder was moved', async () => {
    const { lib, cacheDir } = library({ a: skill('first', 'tags: [x, y]\n') });
    const cold = await discovered(lib, false);
    await discovered(lib, cacheDir);
    const moved = `${cacheDir}-moved`;
    cpSync(cacheDir, moved, { recursive: true });
    rmSync(cacheDir, { recursive: true });
    assert.equal(await discovered(lib, moved), cold);
    assert.equal(
      cacheFiles(moved, 'scan-').length,
      1,
      'still the snapshot: its front matter was at hand',
    );
  });

  it('sees a SKILL.md edited in place, added, removed, and a skill nested in another', async () => {
    const { lib, cacheDir } = library({ 'g/a': skill('first'), 'g/b': skill('second') });
    await discovered(lib, cacheDir);
    await discovered(lib, cacheDir);
    const check = async (what: string) =>
      assert.equal(await discovered(lib, cacheDir), await discovered(lib, false), what);
    // Same size, same folder: only the file's mtime says so.
    writeFileSync(path.join(lib, 'g/a/SKILL.md'), skill('firsT'));
    utimesSync(path.join(lib, 'g/a/SKILL.md'), old, new Date(old.getTime() + 1000));
    utimesSync(path.join(lib, 'g/a'), old, old);
    await check('edited');
    await check('edited, again');
    mkdirSync(path.join(lib, 'g/c'));
    writeFileSync(path.join(lib, 'g/c/SKILL.md'), skill('third'));
    age(lib, new Date(old.getTime() + 1500));
    await check('added');
    mkdirSync(path.join(lib, 'g/c/refs/inner'), { recursive: true });
    writeFileSync(path.join(lib, 'g/c/refs/inner/SKILL.md'), skill('inner'));
    age(path.join(lib, 'g/c'), new Date(old.getTime() + 2000));
    await check('nested');
    rmSync(path.join(lib, 'g/b'), { recursive: true });
    utimesSync(path.join(lib, 'g'), old, new Date(old.getTime() + 3000));
    await check('removed');
    await check('removed, again');
    const ids = JSON.parse(await discovered(lib, cacheDir)).skills.map((s: { id: string }) => s.id);
    assert.deepEqual(ids, ['a', 'c']);
  });

  it('sees a .gitignore that changed', async () => {
    const { lib, cacheDir } = library({ kept: skill('kept'), 'drafts/wip': skill('wip') });
    writeFileSync(path.join(lib, '.gitignore'), 'nothing\n');
    age(lib);
    await discovered(lib, cacheDir);
    await discovered(lib, cacheDir);
    writeFileSync(path.join(lib, '.gitignore'), 'drafts/\n');
    utimesSync(lib, old, old);
    const ids = JSON.parse(await discovered(lib, cacheDir)).skills.map((s: { id: string }) => s.id);
    assert.deepEqual(ids, ['kept']);
  });

  it('is not kept while something changed within two seconds, nor when the walk met a link', async () => {
    const { lib, cacheDir } = library({ a: skill('first') });
    writeFileSync(path.join(lib, 'a/SKILL.md'), skill('fresh'));
    utimesSync(path.join(lib, 'a/SKILL.md'), ahead(), ahead());
    await discovered(lib, cacheDir);
    await discovered(lib, cacheDir);
    assert.equal(cacheFiles(cacheDir, 'scan-').length, 0, 'a file written just now');
    const linked = library({ a: skill('first') });
    symlinkSync(path.join(linked.lib, 'a'), path.join(linked.lib, 'b'));
    await discovered(linked.lib, linked.cacheDir);
    await discovered(linked.lib, linked.cacheDir);
    assert.equal(cacheFiles(linked.cacheDir, 'scan-').length, 0, 'a linked folder');
  });

  it('takes the usual way when its file is damaged, truncated or of another shape', async () => {
    const { lib, cacheDir } = library({ 'g/a': skill('first'), 'g/b': skill('second') });
    const cold = await discovered(lib, false);
    await discovered(lib, cacheDir);
    await discovered(lib, cacheDir);
    const [name] = cacheFiles(cacheDir, 'scan-');
    const file = path.join(cacheDir, name as string);
    const good = readFileSync(file, 'latin1');
    const [first = '', second = ''] = good.split('\n');
    const s = JSON.parse(first);
    const changed = (changes: object) => `${JSON.stringify({ ...s, ...changes })}\n${second}`;
    const damaged = [
      good.slice(0, good.length / 2),
      good.slice(0, good.length - 1),
      first,
      `${first}\n${second}x`,
      // The second line damaged but as long: the descriptions come from the files.
      `${first}\n${'x'.repeat(second.length)}`,
      `${first}\n${JSON.stringify(JSON.parse(second).map(() => 7)).padEnd(second.length)}`,
      '',
      'null',
      '[]',
      changed({ version: 0 }),
      changed({ dir: [0] }),
      changed({ dir: s.dir.map(() => 99) }),
      changed({ hash: s.hash.map(() => 7) }),
      changed({ descriptions: 'x' }),
      changed({ path: s.path.map((f: string) => `${f}/x`) }),
      changed({ path: s.path.map(() => '/elsewhere/SKILL.md') }),
      changed({ folders: s.folders.map(() => '/etc') }),
      changed({ kind: s.kind.map(() => 'symlink') }),
      changed({ mtimes: s.mtimes.map(() => 'x') }),
      changed({ files: [7] }),
      changed({ headDiagnostics: { 0: 'x' } }),
      changed({ root: '/elsewhere' }),
      changed({ parse: { file: 7 } }),
    ];
    for (const text of damaged) {
      writeFileSync(file, text);
      assert.equal(await discovered(lib, cacheDir), cold, text.slice(0, 60));
    }
  });
});

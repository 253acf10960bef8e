// Load over real folders: bodies, imports, references listed but not read, a file changed since
// scoring, an unreadable one; and the cache state it leaves for the next run.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { type LoadCut, renderLoadCut } from '../render/load-limit.js';
import { fileStateStore } from '../state/file-store.js';
import { recordLoads, SELECT_STATE } from './cache-state.js';
import { loadStage, PART_NOTE_BYTES } from './load.js';
import type { Candidate } from './types.js';

function library(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'skillset-load-'));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  write(
    'review/SKILL.md',
    '---\nname: review\ndescription: Use when reviewing.\n---\n# Review\n@import checklist.md\nRead the diff.\n',
  );
  write('review/checklist.md', '- tests pass\n');
  write('review/references/style.md', 'STYLE GUIDE\n');
  write('review/references/deep/api.md', 'API\n');
  return root;
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const candidate = (file: string, contentHash = sha(file)): Candidate => ({
  id: path.basename(path.dirname(file)),
  name: path.basename(path.dirname(file)),
  path: file,
  scope: 'project',
  score: 70,
  tier: 'standard',
  chars: 100,
  tokens: 25,
  contentHash,
});

describe('loadStage', () => {
  it('loads the body with its imports as blocks and lists the other files without reading them', async () => {
    const root = library();
    const file = path.join(root, 'review', 'SKILL.md');
    const r = await loadStage([candidate(file)]);
    assert.deepEqual(r.diagnostics, []);
    const [s] = r.loaded;
    assert.equal(s?.body, '# Review\n\nRead the diff.\n');
    assert.deepEqual(
      s?.imports.map((i) => [path.basename(i.file), i.text]),
      [['checklist.md', '- tests pass\n']],
    );
    // checklist.md is imported, so it is in the body already and not listed again.
    assert.deepEqual(s?.resources, ['references/deep/api.md', 'references/style.md']);
    assert.equal(s?.moreResources, 0);
    assert.doesNotMatch(JSON.stringify(r), /STYLE GUIDE/);
    assert.equal(s?.changed, false);
  });

  it('loads a file changed since scoring as it is now, and says so', async () => {
    const root = library();
    const file = path.join(root, 'review', 'SKILL.md');
    const scored = candidate(file);
    writeFileSync(file, '---\nname: review\ndescription: Use when reviewing.\n---\nNew body.\n');
    const r = await loadStage([scored]);
    assert.equal(r.loaded[0]?.body, 'New body.\n');
    assert.equal(r.loaded[0]?.changed, true);
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      ['select/changed-since-scored'],
    );
  });

  it('loads a part where Budget gave one: cut before a heading, with a note and no warning', async () => {
    const root = library();
    const file = path.join(root, 'big', 'SKILL.md');
    const section = (t: string) => `## ${t}\n\n${'Do the step carefully. '.repeat(35)}\n\n`;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      `---\nname: big\ndescription: Use for big work.\n---\n# Big\n\n${section('One')}${section('Two')}${section('Three')}`,
    );
    const whole = { chars: 2600, tokens: 650 };
    const part = { ...candidate(file), chars: 2200, tokens: 550, whole };
    const r = await loadStage([part], { holdToCounted: true });
    assert.deepEqual(r.diagnostics, []);
    const [s] = r.loaded;
    // 2,200 less the note's 512 holds "# Big", sections One and Two, not all of Three: cut before it.
    assert.match(s?.body ?? '', /## Two\n\n(Do the step carefully\. ?)+$/);
    assert.doesNotMatch(s?.body ?? '', /## Three/);
    assert.ok(Buffer.byteLength(s?.body ?? '') <= 2200 - PART_NOTE_BYTES);
    assert.equal(s?.cut?.part, true);
    assert.ok((s?.cut?.body?.size ?? 0) > 2400);
    const note = renderLoadCut(s?.cut as LoadCut, 'big');
    assert.match(note, /loaded in part, to fit the selection's budget/);
    assert.match(note, /- SKILL\.md: the body, cut after \d[\d,]* of [\d,]+ bytes/);
    assert.ok(Buffer.byteLength(note) <= PART_NOTE_BYTES, `${Buffer.byteLength(note)} bytes`);
    assert.match(r.decisions[0]?.reason ?? '', /in part to fit its share of the budget/);
  });

  it('drops a skill that can no longer be read, with a diagnostic and a decision', async () => {
    const root = library();
    const file = path.join(root, 'review', 'SKILL.md');
    const scored = candidate(file);
    rmSync(file);
    const r = await loadStage([scored]);
    assert.deepEqual(r.loaded, []);
    assert.equal(r.diagnostics[0]?.code, 'select/unreadable');
    assert.equal(r.decisions[0]?.outcome, 'dropped');
  });
});

describe('the cache state', () => {
  const storeIn = (dir: string) => fileStateStore({ cacheDir: dir, key: 'index.sqlite' });

  it('is written whole, read back, and forgets old entries', async () => {
    const store = storeIn(path.join(mkdtempSync(path.join(os.tmpdir(), 'skillset-state-')), 'sub'));
    const now = 1_000_000_000;
    const state = recordLoads(
      {
        version: 1,
        entries: {
          old: { loadedAt: now - 10_000, contentHash: 'o' },
          kept: { loadedAt: now - 10, contentHash: 'k' },
        },
      },
      [
        { id: 'b', contentHash: 'hb' },
        { id: 'a', contentHash: 'ha' },
      ],
      now,
      1000,
    );
    assert.ok((await store.update(SELECT_STATE, () => state)).written);
    assert.deepEqual((await store.read(SELECT_STATE)).state, {
      version: 1,
      entries: {
        a: { loadedAt: now, contentHash: 'ha' },
        b: { loadedAt: now, contentHash: 'hb' },
        kept: { loadedAt: now - 10, contentHash: 'k' },
      },
    });
  });

  it('is empty when the file is missing, damaged or of another shape', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-state-'));
    const store = storeIn(dir);
    const empty = { version: 1, entries: {} };
    assert.deepEqual((await store.read(SELECT_STATE)).state, empty);
    await store.update(SELECT_STATE, (s) => s);
    const file = path.join(dir, readdirSync(dir)[0] as string);
    for (const text of [
      '{ not json',
      '[]',
      '{"version":2,"entries":{}}',
      '{"version":1,"entries":{"a":{"loadedAt":"x"}}}',
    ]) {
      writeFileSync(file, text);
      assert.deepEqual((await store.read(SELECT_STATE)).state, empty, text);
    }
  });

  it('is not written, without throwing, where it cannot be', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'skillset-state-')), 'f');
    writeFileSync(file, 'a file');
    const r = await storeIn(file).update(SELECT_STATE, () => ({ version: 1, entries: {} }));
    assert.equal(r.written, false);
  });
});

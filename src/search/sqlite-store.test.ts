import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createMemoryFileSystem, type MemoryTree } from '../files/memory-fs.js';
import { countSkills } from '../test-support/corpus.js';
import { corporaDir } from '../test-support/paths.js';
import { authorityOf } from './features.js';
import { openSkillIndex } from './search.js';
import { SqliteIndexStore } from './sqlite-store.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-store-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const skill = (name: string, extra: string, body: string): MemoryTree => ({
  'SKILL.md': `---\nname: ${name}\ndescription: The ${name} skill.\n${extra}---\n${body}\n`,
});

/** Open the index over `tree` (mounted at /lib) and read every skill's inbound count. */
async function inboundCounts(tree: MemoryTree, indexFile: string) {
  const index = await openSkillIndex({
    fs: createMemoryFileSystem({ lib: tree }),
    cwd: '/',
    home: '/home/u',
    roots: ['/lib'],
    indexFile,
  });
  const update = index.update;
  index.close();
  const store = SqliteIndexStore.open(indexFile);
  const rows = store.db.prepare('SELECT name, inbound FROM docs ORDER BY name').all() as Array<{
    name: string;
    inbound: number;
  }>;
  store.close();
  return { update, inbound: Object.fromEntries(rows.map((r) => [r.name, r.inbound])) };
}

describe('inbound mentions (the authority prior)', () => {
  const file = path.join(dir, 'index.sqlite');
  const library: MemoryTree = {
    'hub-skill': skill(
      'hub-skill',
      '',
      'The hub. It mentions hub-skill itself, which does not count.',
    ),
    'a-skill': skill('a-skill', '', 'See admin/hub-skill, and `hub-skill` again (one mention).'),
    'b-skill': skill('b-skill', 'related: [hub-skill, no-such-skill]\n', 'Read-only notes.'),
    'c-skill': skill('c-skill', '', 'Mentions a-skill once.'),
  };

  it('counts the other skills that mention a name, in front matter or body, once each', async () => {
    const { inbound } = await inboundCounts(library, file);
    assert.deepEqual(inbound, { 'a-skill': 1, 'b-skill': 0, 'c-skill': 0, 'hub-skill': 2 });
  });

  it('recounts when a skill changes or goes, even for skills that did not change', async () => {
    const changed = {
      ...library,
      'b-skill': skill('b-skill', '', 'No mentions now.'),
    };
    const one = await inboundCounts(changed, file);
    assert.deepEqual([one.update.changed, one.update.unchanged], [1, 3]);
    assert.equal(one.inbound['hub-skill'], 1);
    const two = await inboundCounts(
      Object.fromEntries(Object.entries(changed).filter(([k]) => k !== 'a-skill')),
      file,
    );
    assert.equal(two.update.removed, 1);
    assert.deepEqual(two.inbound, { 'b-skill': 0, 'c-skill': 0, 'hub-skill': 0 });
  });

  it('turns counts into a prior from 0 to 1, logarithmic and capped', () => {
    assert.equal(authorityOf(0), 0);
    assert.ok(authorityOf(1) > 0 && authorityOf(1) < authorityOf(10));
    assert.equal(authorityOf(64), 1);
    assert.equal(authorityOf(10_000), 1);
  });
});

describe('trigger phrases', () => {
  it('scores the closest single phrase, however many others the skill lists', async () => {
    const many = Array.from({ length: 30 }, (_, i) => `  - "unrelated phrase number ${i}"`);
    const index = await openSkillIndex({
      fs: createMemoryFileSystem({
        lib: {
          'account-help': skill(
            'account-help',
            `triggers:\n${[...many, '  - "reset my password"'].join('\n')}\n`,
            'Help with accounts.',
          ),
          'login-guide': skill(
            'login-guide',
            '',
            'How a password reset works, and my notes on logins.',
          ),
        },
      }),
      cwd: '/',
      home: '/home/u',
      roots: ['/lib'],
    });
    try {
      const r = await index.search('reset my password');
      assert.equal(r.results[0]?.name, 'account-help');
      assert.equal(r.results[0]?.explain.features.trigger, 1);
      assert.equal(r.results.find((s) => s.name === 'login-guide')?.explain.features.trigger, 0);
    } finally {
      index.close();
    }
  });
});

describe('document frequencies', () => {
  it('agree with the FTS vocabularies after incremental updates and after a bulk count', async () => {
    const file = path.join(dir, 'df.sqlite');
    const lib = path.join(corporaDir, 'wshobson-agents');
    const index = await openSkillIndex({ roots: [lib], indexFile: file });
    index.close();
    const store = SqliteIndexStore.open(file);
    try {
      const vocab = (table: 'meta' | 'body') =>
        new Map(
          (
            store.db.prepare(`SELECT term, doc FROM ${table}_vocab`).all() as Array<{
              term: string;
              doc: number;
            }>
          ).map((r) => [r.term, r.doc]),
        );
      for (const table of ['meta', 'body'] as const) {
        const v = vocab(table);
        assert.ok(v.size > 1000);
        for (const [term, doc] of v)
          assert.equal(await store.documentFrequency(table, term), doc, `${table} ${term}`);
      }
      const kept = store.db
        .prepare('SELECT count(*) AS n FROM df WHERE meta <= 0 AND body <= 0')
        .get() as { n: number };
      assert.equal(kept.n, 0);
    } finally {
      store.close();
    }
  });
});

describe('an updated index', () => {
  it('ranks exactly as a fresh index of the same files (deleted rows leave nothing behind)', async () => {
    const { cpSync, appendFileSync, readdirSync, mkdirSync, writeFileSync, readFileSync } =
      await import('node:fs');
    const { parseLabels } = await import('../eval/eval.js');
    const { repoRoot } = await import('../test-support/paths.js');
    const lib = path.join(dir, 'wshobson');
    cpSync(path.join(corporaDir, 'wshobson-agents'), lib, { recursive: true });
    const queries = parseLabels(
      readFileSync(path.join(repoRoot, 'bench', 'queries', 'wshobson-asked.jsonl'), 'utf8'),
    ).map((l) => l.query);
    const answers = async (file: string) => {
      const index = await openSkillIndex({ roots: [lib], indexFile: file });
      try {
        const out: string[] = [];
        for (const q of queries) out.push(JSON.stringify(await index.search(q)));
        return { update: index.update, out };
      } finally {
        index.close();
      }
    };
    const updated = path.join(dir, 'updated.sqlite');
    await answers(updated);
    const skills = path.join(lib, 'plugins', 'python-development', 'skills');
    const names = readdirSync(skills).sort();
    for (const n of names.slice(0, 3))
      appendFileSync(path.join(skills, n, 'SKILL.md'), '\nMore on kubernetes rollbacks.\n');
    for (const n of names.slice(3, 5)) rmSync(path.join(skills, n), { recursive: true });
    mkdirSync(path.join(skills, 'zz-new'));
    writeFileSync(
      path.join(skills, 'zz-new', 'SKILL.md'),
      '---\nname: zz-new\ndescription: Testing python with pytest fixtures.\n---\nUse pytest.\n',
    );
    const after = await answers(updated);
    // Three edited, two removed, one added: every other skill of the copy is unchanged.
    const now = countSkills(lib);
    assert.deepEqual(after.update, { added: 1, changed: 3, removed: 2, unchanged: now - 1 - 3 });
    const freshFile = path.join(dir, 'fresh.sqlite');
    const fresh = await answers(freshFile);
    assert.equal(fresh.update.added, now);
    assert.deepEqual(after.out, fresh.out);
    // The frequencies kept by adjustment equal those counted afresh, and the FTS vocabularies agree.
    const tables = (file: string) => {
      const store = SqliteIndexStore.open(file);
      try {
        const q = (sql: string) => store.db.prepare(sql).all();
        return {
          df: q('SELECT term, meta, body FROM df ORDER BY term'),
          meta: q('SELECT term, doc FROM meta_vocab ORDER BY term'),
          body: q('SELECT term, doc FROM body_vocab ORDER BY term'),
          inbound: q('SELECT path, inbound FROM docs ORDER BY path'),
        };
      } finally {
        store.close();
      }
    };
    assert.deepEqual(tables(updated), tables(freshFile));
  });
});

describe('an update while another connection holds the write lock', () => {
  /** A file whose write lock another connection holds; `release` lets go. */
  const held = (name: string) => {
    const file = path.join(dir, name);
    SqliteIndexStore.open(file).close();
    const holder = SqliteIndexStore.open(file);
    holder.db.exec('BEGIN IMMEDIATE');
    return {
      file,
      release: () => {
        if (holder.db.inTransaction) holder.db.exec('ROLLBACK');
      },
      close: () => {
        if (holder.db.inTransaction) holder.db.exec('ROLLBACK');
        holder.close();
      },
    };
  };
  const one = new Map([['/x/SKILL.md', { hash: 'h', id: 'x' }]]);
  const isBusyError = (e: Error & { code?: string }) => e.code === 'index/busy';

  it('waits up to its bound, trying again, then reports the index busy', {
    timeout: 20_000,
  }, async () => {
    const lock = held('locked.sqlite');
    let tries = 0;
    const store = SqliteIndexStore.open(lock.file, { waitMs: 300, onBusy: () => tries++ });
    try {
      await assert.rejects(
        store.apply(one, async () => undefined),
        isBusyError,
      );
      assert.ok(tries > 1, `${tries} tries: it gave up without waiting`);
    } finally {
      lock.close();
      store.close();
    }
  });

  it('reports the index busy after one try when its bound is nothing', async () => {
    const lock = held('locked-now.sqlite');
    let tries = 0;
    const store = SqliteIndexStore.open(lock.file, { waitMs: 0, onBusy: () => tries++ });
    try {
      await assert.rejects(
        store.apply(one, async () => undefined),
        isBusyError,
      );
      assert.equal(tries, 1);
    } finally {
      lock.close();
      store.close();
    }
  });

  it('waits without blocking the event loop, and takes the lock once it frees', {
    timeout: 20_000,
  }, async () => {
    const lock = held('locked-free.sqlite');
    // The holder lets go from the event loop once the update has found the lock held: only a waiting
    // update that leaves the event loop free lets it run.
    let tries = 0;
    const store = SqliteIndexStore.open(lock.file, {
      waitMs: 10_000,
      onBusy: () => {
        if (tries++ === 0) setImmediate(lock.release);
      },
    });
    try {
      const update = store.apply(one, async () => undefined);
      assert.deepEqual(await update, { added: 1, changed: 0, removed: 0, unchanged: 0 });
      assert.ok(tries > 0, 'the update met the lock');
    } finally {
      lock.close();
      store.close();
    }
  });

  it('stops waiting, busy, when its signal aborts', { timeout: 20_000 }, async () => {
    const lock = held('locked-abort.sqlite');
    const stop = new AbortController();
    // Aborted from the event loop once the update has found the lock held: while it waits.
    const store = SqliteIndexStore.open(lock.file, {
      signal: stop.signal,
      waitMs: 5000,
      onBusy: () => setImmediate(() => stop.abort()),
    });
    try {
      // Stopped by the signal, not by the bound: the busy error's cause is the abort.
      await assert.rejects(
        store.apply(one, async () => undefined),
        (e: Error & { code?: string }) =>
          e.code === 'index/busy' && (e.cause as Error | undefined)?.name === 'AbortError',
      );
    } finally {
      lock.close();
      store.close();
    }
  });
});

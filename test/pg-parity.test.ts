// Parity of the PostgreSQL index with the embedded one (#26 point 1): the same library and the same
// held-out queries give the same verdict and the same top 3 for at least 99% of the queries.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createService, type SkillService } from '../src/core/service.js';
import { readSkillBody } from '../src/discover/body.js';
import { discoverSkills } from '../src/discover/discover.js';
import { parseLabels } from '../src/eval/eval.js';
import { toDocument } from '../src/search/document.js';
import type { SearchIndexStore } from '../src/search/index-store.js';
import { IndexedSkills } from '../src/search/indexed.js';
import { DEFAULT_RANK } from '../src/search/rank-settings.js';
import { openIndexStore } from '../src/search/store-factory.js';
import { tokenize } from '../src/search/tokenize.js';
import { corporaDir, sharedDir } from '../src/test-support/paths.js';
import { startTestCluster, type TestCluster } from '../src/test-support/postgres.js';

const salesforce = path.join(corporaDir, 'salesforce-skills', 'skills');
const labels = parseLabels(
  readFileSync(path.join(sharedDir, 'bench', 'salesforce-heldout.jsonl'), 'utf8'),
  'salesforce-heldout.jsonl',
);

/** A query's answer as parity compares it: the verdict and the top 3 ids (with their scores, shown only). */
async function answer(service: SkillService, query: string) {
  const r = await service.search(query, { limit: 3 });
  assert.ok(r.ok, query);
  return {
    verdict: r.value.coverage,
    top: r.value.results.map((x) => x.id),
    scores: r.value.results.map((x) => x.score),
  };
}

describe('the PostgreSQL index against the embedded one', () => {
  let cluster: TestCluster | undefined;
  const cache = mkdtempSync(path.join(os.tmpdir(), 'skillset-parity-'));
  before(async () => {
    cluster = await startTestCluster();
  });
  after(async () => {
    await cluster?.stop();
    rmSync(cache, { recursive: true, force: true });
  });

  it('gives the same verdict and top 3 for at least 99% of the held-out queries', async (t) => {
    const common = { roots: [salesforce], cacheDir: cache, userConfigFile: false as const };
    const embedded = await createService({ ...common, indexFile: ':memory:' });
    const shared = await createService({ ...common, indexFile: `${cluster?.url}?schema=parity` });
    try {
      const opened = await shared.index();
      assert.ok(opened.ok && opened.value.file.startsWith('postgres://'));
      const differ: string[] = [];
      let sameScores = 0;
      for (const l of labels) {
        const a = await answer(embedded, l.query);
        const b = await answer(shared, l.query);
        if (a.verdict !== b.verdict || a.top.join() !== b.top.join())
          differ.push(`${l.query}: ${a.verdict} [${a.top}] vs ${b.verdict} [${b.top}]`);
        else if (a.scores.join() === b.scores.join()) sameScores++;
      }
      const same = labels.length - differ.length;
      t.diagnostic(
        `parity: ${same}/${labels.length} the same; ${sameScores} with equal scores too`,
      );
      assert.ok(
        same >= 0.99 * labels.length,
        `${same}/${labels.length} the same; they differ on:\n${differ.join('\n')}`,
      );
    } finally {
      embedded.close();
      shared.close();
    }
  });

  it('gives the very candidates, scores and statistics of FTS5 for every held-out query', async () => {
    const skills = IndexedSkills.of(await discoverSkills({ roots: [salesforce] }));
    const load = async (p: string) => {
      const skill = skills.at(p);
      return skill && toDocument(skill, (await readSkillBody(skill)).body);
    };
    const stores: SearchIndexStore[] = [
      (await openIndexStore(':memory:')).store,
      (await openIndexStore(`${cluster?.url}?schema=candidates`)).store,
    ];
    try {
      for (const store of stores) await store.apply(skills.contents(), load);
      const [lite, pg] = stores as [SearchIndexStore, SearchIndexStore];
      assert.equal(await pg.docCount(), await lite.docCount());
      assert.equal(await pg.averageBodyLength(), await lite.averageBodyLength());
      for (const l of labels) {
        const terms = tokenize(l.query);
        for (const prefixLast of [false, true]) {
          const request = { terms, prefixLast, limit: DEFAULT_RANK.candidates };
          const meta = await lite.candidates('meta', request, DEFAULT_RANK.columns);
          assert.deepEqual(
            await pg.candidates('meta', request, DEFAULT_RANK.columns),
            meta,
            l.query,
          );
          const body = await lite.candidates('body', request);
          assert.deepEqual(await pg.candidates('body', request), body, l.query);
          const top = body[0]?.ref;
          if (top !== undefined)
            assert.deepEqual(await pg.bodyCounts(top, terms), await lite.bodyCounts(top, terms));
        }
        for (const term of terms) {
          for (const table of ['meta', 'body'] as const)
            assert.equal(
              await pg.documentFrequency(table, term),
              await lite.documentFrequency(table, term),
            );
          assert.deepEqual(await pg.nearTerms(`${term}x`, 1), await lite.nearTerms(`${term}x`, 1));
        }
      }
    } finally {
      for (const store of stores) store.close();
    }
  });
});

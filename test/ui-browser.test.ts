// The web page in a real browser (Debian's chromium, driven by playwright-core) over a real
// `skillset ui` process, on two real libraries: every page opened, its figures checked against the
// service's own, search typed, a result clicked through, the budget changed; screenshots taken; and
// axe-core finding no serious or critical violation on any page.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { listingTally } from '../src/core/overview.js';
import { createService, type Outcome } from '../src/index.js';
import { corporaDir, repoRoot } from '../src/test-support/paths.js';
import { tempFolders } from '../src/test-support/temp.js';
import { launch, type RunningUi, SHOTS, startUi, waitForResults } from './ui-support.js';

const temp = tempFolders('skillset-ui-');
const cache = temp();
const env = { SKILLSET_CACHE_DIR: cache };
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

function ok<T>(o: Outcome<T>): T {
  assert.ok(o.ok, o.ok ? '' : o.problem.message);
  return o.value;
}

/** axe-core's serious and critical violations on the page now open. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const found = (await page.evaluate(
    'axe.run().then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes })))',
  )) as Array<{ id: string; impact: string; nodes: unknown[] }>;
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes)`);
}

const num = (s: string | null): number => Number((s ?? '').replace(/[^0-9.]/g, ''));

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

for (const [library, queries] of [
  ['salesforce-skills', path.join(repoRoot, 'bench', 'queries', 'salesforce-asked.jsonl')],
  ['everything-claude-code', path.join(repoRoot, 'bench', 'queries', 'ecc-asked.jsonl')],
] as const)
  describe(`the page on ${library}`, () => {
    const root = path.join(corporaDir, library);
    let ui: RunningUi;
    let page: Page;
    before(async () => {
      ui = await startUi([root, '--queries', queries, '--no-watch'], env);
      page = await browser.newPage();
      await page.goto(ui.url);
    });
    after(async () => {
      await page?.close();
      await ui?.stop();
    });
    const service = () => createService({ roots: [root], cacheDir: cache, userConfigFile: false });

    it('Library: every skill, counted as the service counts them', async () => {
      const s = await service();
      const skills = ok(await s.list());
      assert.equal(num(await page.textContent('[data-card="skills"] b')), skills.length);
      const rows = await page.$$eval('#folders ul.names li', (r) => r.length);
      assert.equal(rows, skills.length);
      // Lint's figures come with a live update once it is done.
      await page.waitForSelector('[data-card="lint-errors"]', { timeout: 60_000 });
      const lint = ok(await s.lint()).summary;
      assert.equal(num(await page.textContent('[data-card="lint-errors"] b')), lint.errors);
      assert.equal(num(await page.textContent('[data-card="lint-warnings"] b')), lint.warnings);
      await page.screenshot({ path: path.join(SHOTS, `${library}-library.png`) });
      assert.deepEqual(await violations(page), []);
      s.close();
    });

    it('Search: typed, the verdict and results are the service’s, and a result opens its skill', async () => {
      const s = await service();
      const query =
        library === 'salesforce-skills'
          ? 'write a bulk-safe apex trigger'
          : 'review a pull request for security issues';
      await page.goto(`${ui.base}/search`);
      await page.fill('#q', query);
      const r = ok(await s.search(query, { limit: 10 }));
      await waitForResults(page, '#result-list article.result', r.results.length, query);
      assert.equal(await page.getAttribute('#verdict .verdict', 'data-verdict'), r.coverage);
      const ids = await page.$$eval('#result-list article.result', (a) =>
        a.map((x) => x.getAttribute('data-id')),
      );
      assert.deepEqual(
        ids,
        r.results.map((x) => x.id),
      );
      assert.ok(page.url().includes('q='));
      await page.screenshot({ path: path.join(SHOTS, `${library}-search.png`), fullPage: false });
      assert.deepEqual(await violations(page), []);
      const first = r.results[0];
      assert.ok(first);
      await page.click(`#result-list article.result[data-id="${first.id}"] h3 a`);
      await page.waitForURL(/\/skill\//);
      assert.equal(await page.textContent('h1'), first.id);
      const files = ok(await s.files(first.id));
      assert.equal(await page.$$eval('#files tbody tr', (r2) => r2.length), files.files.length);
      await page.screenshot({ path: path.join(SHOTS, `${library}-skill.png`) });
      assert.deepEqual(await violations(page), []);
      s.close();
    });

    it('Budget: each preset’s listing as the service gives it, and a custom budget drawn', async () => {
      const s = await service();
      await page.goto(`${ui.base}/budget`);
      const cell = async (row: string, at: number, what: string) =>
        num(await page.textContent(`table[data-row="${row}"] tr[data-at="${at}"] [data-${what}]`));
      const claude = listingTally(ok(await s.listing({ contextTokens: 200_000, fraction: 0.01 })));
      assert.equal(await cell('f0.01', 200000, 'full'), claude.full);
      assert.equal(await cell('f0.01', 200000, 'names'), claude.names);
      assert.equal(await cell('f0.01', 200000, 'budget'), claude.budget);
      await page.fill('#budget', '20000');
      await Promise.all([page.waitForURL(/budget=20000/), page.click('form.inline button')]);
      const custom = listingTally(ok(await s.listing({ budget: 20_000 })));
      assert.equal(await cell('custom', 8000, 'full'), custom.full);
      assert.equal(await cell('custom', 8000, 'names'), custom.names);
      assert.equal(await cell('custom', 8000, 'omitted'), custom.omitted);
      assert.ok(await page.$('figure[data-chart="budget"] svg'));
      await page.screenshot({ path: path.join(SHOTS, `${library}-budget.png`), fullPage: true });
      assert.deepEqual(await violations(page), []);
      s.close();
    });

    it('Tier: the cost at start is build --measure’s', async () => {
      const s = await service();
      await page.goto(`${ui.base}/tier?term=test`);
      const m = ok(await s.build({ out: '.skillset-tier', measure: true })).measure;
      assert.ok(m);
      assert.equal(num(await page.textContent('#tier-start')), m.atStart.tokens);
      assert.equal(num(await page.textContent('#tier-flat')), m.flat.tokens);
      assert.equal(
        await page.$$eval('#tier-domains tr[data-domain]', (r) => r.length),
        m.domains.length,
      );
      await page.screenshot({ path: path.join(SHOTS, `${library}-tier.png`) });
      assert.deepEqual(await violations(page), []);
      s.close();
    });

    it('Eval: Hit@k as eval computes it, per domain', async () => {
      const s = await service();
      await page.goto(`${ui.base}/eval?set=0`, { timeout: 120_000 });
      const r = ok(await s.eval(queries, { baseline: false }));
      assert.equal(await page.textContent('#hit1'), `${((r.hit1 ?? 0) * 100).toFixed(1)}%`);
      assert.equal(await page.textContent('#hit3'), `${((r.hit3 ?? 0) * 100).toFixed(1)}%`);
      assert.equal(
        await page.$$eval('#per-domain tr[data-domain]', (x) => x.length),
        Object.keys(r.perDomain).length,
      );
      assert.ok(await page.$('figure[data-chart="hits"] svg'));
      await page.screenshot({ path: path.join(SHOTS, `${library}-eval.png`) });
      assert.deepEqual(await violations(page), []);
      s.close();
    });
  });

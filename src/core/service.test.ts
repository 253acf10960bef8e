import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createMemoryFileSystem } from '../files/memory-fs.js';
import { tempFolders } from '../test-support/temp.js';
import { createService } from './service.js';

const fs = createMemoryFileSystem({
  lib: {
    'bash-defensive': {
      'SKILL.md':
        '---\nname: bash-defensive\ndescription: Use when writing bash scripts that fail safely with set -euo pipefail and traps.\n---\n# Bash\n\nQuote variables; use `set -euo pipefail`.\n',
    },
    'sql-migrations': {
      'SKILL.md':
        '---\nname: sql-migrations\ndescription: Use when writing reversible SQL schema migrations.\n---\n# Migrations\n\nWrite a down step for every up step.\n',
    },
  },
});

describe('the service over an injected file system', () => {
  it('lists, shows, searches and lints without touching the disk', async () => {
    const service = await createService({ fs, roots: ['/lib'], cache: false, cwd: '/' });
    try {
      assert.equal(service.settings.indexFile, ':memory:');
      const list = await service.list();
      assert.ok(list.ok);
      assert.deepEqual(
        list.value.map((s) => s.id),
        ['bash-defensive', 'sql-migrations'],
      );
      const shown = await service.show('bash-defensive', { body: true });
      assert.ok(shown.ok);
      assert.match(shown.value.body ?? '', /set -euo pipefail/);
      const found = await service.search('make my bash script fail safely');
      assert.ok(found.ok);
      assert.equal(found.value.results[0]?.id, 'bash-defensive');
      const lint = await service.lint();
      assert.ok(lint.ok);
      assert.equal(lint.value.summary.skills, 2);
    } finally {
      service.close();
    }
  });

  it('gives back problems with stable codes, and a did-you-mean', async () => {
    const service = await createService({ fs, roots: ['/lib'], cache: false, cwd: '/' });
    const shown = await service.show('bash-defensiv');
    assert.ok(!shown.ok);
    assert.equal(shown.problem.code, 'usage/unknown-skill');
    assert.equal(shown.problem.data?.didYouMean, 'bash-defensive');
    const none = await service.search('x', { limit: 0 });
    assert.ok(!none.ok);
    assert.equal(none.problem.code, 'usage/invalid-limit');
    await assert.rejects(
      createService({ fs, roots: ['/nope'], cache: false, cwd: '/' }),
      (e: Error & { code?: string }) => e.code === 'usage/missing-root',
    );
    service.close();
  });
});

describe("lint's listing rule", () => {
  const temp = tempFolders('skillset-lint-listing-');
  /** A library of twelve skills whose descriptions take about 11,000 characters in all. */
  const library = (): string => {
    const dir = temp();
    for (let i = 0; i < 12; i++) {
      const name = `skill-${String(i).padStart(2, '0')}`;
      mkdirSync(path.join(dir, 'skills', name), { recursive: true });
      const description = `Use when task ${i} comes up. ${'Explains the steps in detail. '.repeat(29)}`;
      writeFileSync(
        path.join(dir, 'skills', name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: ${description.trim()}\n---\n# ${name}\n\nDo the task.\n`,
      );
    }
    return dir;
  };
  const overBudget = async (dir: string, config?: object): Promise<number> => {
    if (config) writeFileSync(path.join(dir, 'skillset.config.json'), JSON.stringify(config));
    const service = await createService({
      roots: [path.join(dir, 'skills')],
      cwd: dir,
      cache: false,
      ...(config ? { configFile: path.join(dir, 'skillset.config.json') } : {}),
    });
    try {
      const r = await service.lint();
      assert.ok(r.ok);
      return r.value.diagnostics.filter((d) => d.code === 'catalog/listing-over-budget').length;
    } finally {
      service.close();
    }
  };

  it('measures against the budget the listing has: the default, the config’s, a context size’s', async () => {
    assert.ok((await overBudget(library())) > 0);
    assert.equal(await overBudget(library(), { listing: { budget: 50_000 } }), 0);
    assert.equal(await overBudget(library(), { listing: { contextTokens: 2_000_000 } }), 0);
    // Options the config gives the rule win over the listing's.
    assert.ok(
      (await overBudget(library(), {
        listing: { budget: 50_000 },
        lint: { rules: { 'catalog/listing-over-budget': ['warn', { budget: 8_000 }] } },
      })) > 0,
    );
  });
});

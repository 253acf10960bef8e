// A registry's readers (#26 point 3): the same service every face calls, over the namespaces a team
// was granted. Two namespaces are published into one registry; a reader of one can neither list,
// find, show, load nor read a file of the other, and its search ranks within its own.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openRegistry, type Registry, registryService } from '../src/registry/reader.js';
import { startTestCluster, type TestCluster } from '../src/test-support/postgres.js';
import { publishFixture } from './registry-fixture.js';

describe('a registry reader', () => {
  let cluster: TestCluster | undefined;
  let registry: Registry | undefined;
  before(async () => {
    cluster = await startTestCluster();
    const store = `${cluster.url}?schema=reg`;
    await publishFixture(store);
    registry = await openRegistry(store);
  });
  after(async () => {
    await registry?.close();
    await cluster?.stop();
  });
  const reader = (spaces: string[]) => registryService(registry as Registry, spaces);

  it('lists, finds, shows and loads the skills of its namespaces only', async () => {
    const sf = await reader(['sf']);
    try {
      const list = await sf.list();
      assert.ok(list.ok);
      assert.equal(list.value.length, 34);
      assert.ok(list.value.every((s) => s.id.startsWith('sf:')));
      const found = await sf.search('dataraptor extract');
      assert.ok(found.ok);
      assert.ok(found.value.results.length > 0);
      assert.ok(found.value.results.every((r) => r.id.startsWith('sf:')));
      const helm = await sf.search('helm chart scaffolding kubernetes');
      assert.ok(helm.ok);
      assert.ok(helm.value.results.every((r) => !r.id.startsWith('ops:')));
      const loaded = await sf.load('sf:business-rules-engine');
      assert.ok(loaded.ok, JSON.stringify(loaded));
      assert.ok((await sf.show('ops:helm-chart-scaffolding')).ok === false);
      assert.ok((await sf.load('ops:helm-chart-scaffolding')).ok === false);
      assert.ok((await sf.readFile('ops:helm-chart-scaffolding', 'SKILL.md')).ok === false);
    } finally {
      sf.close();
    }
  });

  it('sees every namespace it was granted, each by its own ids', async () => {
    const both = await reader(['sf', 'ops']);
    try {
      const list = await both.list();
      assert.ok(list.ok);
      assert.ok(list.value.some((s) => s.id === 'ops:helm-chart-scaffolding'));
      const helm = await both.search('helm chart scaffolding');
      assert.ok(helm.ok);
      assert.equal(helm.value.results[0]?.id, 'ops:helm-chart-scaffolding');
      const file = await both.readFile('ops:helm-chart-scaffolding', 'SKILL.md');
      assert.ok(file.ok);
    } finally {
      both.close();
    }
  });

  it('sees nothing of a namespace not yet published, and no namespace at all when granted none', async () => {
    const none = await reader(['nobody']);
    try {
      const list = await none.list();
      assert.deepEqual(list.ok ? list.value : 'failed', []);
      const found = await none.search('dataraptor');
      assert.ok(found.ok);
      assert.deepEqual(found.value.results, []);
    } finally {
      none.close();
    }
  });
});

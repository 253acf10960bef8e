// The registry's load test (#26 acceptance, load) at a small scale, so that CI proves the harness:
// three replicas on one database, each a `skillset serve` process spawned from dist/, behind the
// balancer; a dozen clients; one replica killed at a third of the run and a publish at two thirds.
// Only the killed replica's clients fail, and only after the kill; each of them starts a new session
// and is served again; every client ends served; every client listening at the publish hears
// list_changed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { runRegistryLoad } from '../bench/registry-load.js';
import { parseLabels } from '../src/eval/eval.js';
import { corporaDir, sharedDir } from '../src/test-support/paths.js';

const omnistudio = path.join(corporaDir, 'salesforce-skills', 'skills', 'omnistudio');
const queries = parseLabels(
  fs.readFileSync(path.join(sharedDir, 'bench', 'salesforce-dev.jsonl'), 'utf8'),
)
  .filter((l) => l.domain === 'omnistudio')
  .map((l) => l.query);

describe('the registry under load, small', () => {
  it('loses only the killed replica’s requests, reconnects its clients, and tells every client of a publish', async () => {
    const f = await runRegistryLoad({
      library: omnistudio,
      queries,
      clients: 12,
      seconds: 4,
      replicas: 3,
      timeoutMs: 10_000,
    });
    const report = JSON.stringify({ ...f, failures: f.failures.slice(0, 20) });
    assert.ok(f.byOp.search.ok > 0 && f.byOp.load.ok > 0, report);
    assert.ok(f.killed.clients.length > 0, report);
    const killed = new Set(f.killed.clients);
    for (const failure of f.failures) {
      assert.ok(killed.has(failure.client), `a client of a live replica failed: ${report}`);
      assert.ok(failure.at + failure.ms >= f.killed.atMs, `a failure before the kill: ${report}`);
    }
    assert.equal(f.reconnected, f.killed.clients.length, report);
    assert.equal(f.servedAtEnd, f.clients, report);
    assert.equal(f.listChanged.connected, f.clients, report);
    assert.equal(f.listChanged.delivered, f.listChanged.connected, report);
  });
});

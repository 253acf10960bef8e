import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { indexStoreContract } from '../test-support/index-store-contract.js';
import { openIndexStore } from './store-factory.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-contract-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

// Every store the factory can open today, opened the way search opens them.
indexStoreContract('SQLite in memory', async () => (await openIndexStore(':memory:')).store);
indexStoreContract(
  'SQLite file',
  async () => (await openIndexStore(path.join(dir, `index-${n++}.sqlite`))).store,
);

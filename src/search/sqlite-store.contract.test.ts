import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { indexStoreContract } from '../test-support/index-store-contract.js';
import { SqliteIndexStore } from './sqlite-store.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-contract-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

indexStoreContract('SQLite in memory', () => SqliteIndexStore.open(':memory:'));
indexStoreContract('SQLite file', () =>
  SqliteIndexStore.open(path.join(dir, `index-${n++}.sqlite`)),
);

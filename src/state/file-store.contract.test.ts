import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stateStoreContract } from '../test-support/state-store-contract.js';
import { stateFileFor } from '../util/dirs.js';
import { fileStateStore } from './file-store.js';

stateStoreContract('file', async () => {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'skillset-state-contract-'));
  const file = (kind: string) => stateFileFor(cacheDir, 'index.sqlite', kind) as string;
  return {
    store: fileStateStore({ cacheDir, key: 'index.sqlite' }),
    raw: async (kind) => (existsSync(file(kind)) ? readFileSync(file(kind), 'utf8') : undefined),
    put: async (kind, text) => writeFileSync(file(kind), text),
  };
});

import { after, before } from 'node:test';
import { indexStoreContract } from '../test-support/index-store-contract.js';
import { startTestCluster, type TestCluster } from '../test-support/postgres.js';
import { openIndexStore } from './store-factory.js';

// One private cluster for the file; every case gets a fresh schema in its database.
let cluster: TestCluster | undefined;
before(async () => {
  cluster = await startTestCluster();
});
after(async () => {
  await cluster?.stop();
});
let n = 0;

indexStoreContract('PostgreSQL', async () => {
  if (!cluster) throw new Error('The test cluster did not start');
  return (await openIndexStore(`${cluster.url}?schema=contract_${n++}`)).store;
});

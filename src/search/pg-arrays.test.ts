import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import pg from 'pg';
import { startTestCluster, type TestCluster } from '../test-support/postgres.js';
import { intArray, textArray } from './pg-arrays.js';

describe('array literals for PostgreSQL', () => {
  let cluster: TestCluster | undefined;
  let client: pg.Client | undefined;
  before(async () => {
    cluster = await startTestCluster();
    client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
  });
  after(async () => {
    await client?.end();
    await cluster?.stop();
  });

  const roundTrip = async (literal: string, type: string): Promise<unknown> =>
    (await (client as pg.Client).query(`SELECT $1::${type} AS v`, [literal])).rows[0].v;

  it('reads back every string as written: quotes, backslashes, braces, commas, spaces, NULL', async () => {
    const hard = [
      '',
      'NULL',
      'null',
      'a,b',
      '{x}',
      'say "hi"',
      'back\\slash',
      ' pad ',
      'caf\u00e9',
      '\u{1f600}',
      'line\nbreak',
    ];
    assert.deepEqual(await roundTrip(textArray(hard), 'text[]'), hard);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.string({ unit: 'grapheme' }).map((x) => x.replace(/\0/g, '')),
          { maxLength: 20 },
        ),
        async (xs) => {
          assert.deepEqual(await roundTrip(textArray(xs), 'text[]'), xs);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads back integers, and an empty array', async () => {
    assert.deepEqual(
      await roundTrip(intArray([0, -1, 2147483647, 42]), 'int[]'),
      [0, -1, 2147483647, 42],
    );
    assert.deepEqual(await roundTrip(intArray([]), 'int[]'), []);
    assert.deepEqual(await roundTrip(textArray([]), 'text[]'), []);
  });
});

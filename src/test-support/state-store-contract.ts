// One suite for every StateStore: what a caller may count on whichever store keeps the states —
// empty until written, sorted JSON, kinds apart, no update lost in one process, and a damaged or
// foreign value read as the empty state with `state/damaged`, replaced by the next update.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recordApproval } from '../invoke/permissions.js';
import { APPROVAL_STATE } from '../state/approvals.js';
import type { StateStore } from '../state/state-store.js';
import { countUse, USAGE_STATE, type UsageState } from '../state/usage.js';

/** A store under test, and how to reach what it keeps underneath (a file, a row). */
export interface StateSubject {
  store: StateStore;
  /** The text kept for the state `kind`, or undefined when there is none. */
  raw(kind: string): Promise<string | undefined>;
  /** Keep `text` as the state `kind`, as a damaged or foreign writer would. */
  put(kind: string, text: string): Promise<void>;
}

const count = (id: string, now: number) => (u: UsageState) => countUse(u, id, now);

/** The contract every StateStore meets; `make` gives a fresh, empty store each time. */
export function stateStoreContract(name: string, make: () => Promise<StateSubject>): void {
  describe(`the ${name} state store (contract)`, () => {
    it('reads a state never written as its kind’s empty state, without diagnostics', async () => {
      const { store, raw } = await make();
      assert.deepEqual(await store.read(USAGE_STATE), {
        state: USAGE_STATE.empty(),
        diagnostics: [],
      });
      assert.equal(await raw('usage'), undefined);
    });

    it('reads what the last update wrote, its records sorted, one line of JSON', async () => {
      const { store, raw } = await make();
      for (const [id, now] of [
        ['review', 10],
        ['deploy', 11],
        ['review', 12],
      ] as const)
        assert.deepEqual(await store.update(USAGE_STATE, count(id, now)), {
          written: true,
          diagnostics: [],
        });
      assert.deepEqual((await store.read(USAGE_STATE)).state.skills, {
        deploy: { count: 1, lastUsed: 11 },
        review: { count: 2, lastUsed: 12 },
      });
      assert.equal(
        await raw('usage'),
        '{"version":1,"skills":{"deploy":{"count":1,"lastUsed":11},"review":{"count":2,"lastUsed":12}}}\n',
      );
    });

    it('keeps each kind apart', async () => {
      const { store } = await make();
      await store.update(USAGE_STATE, count('deploy', 1));
      await store.update(APPROVAL_STATE, (s) =>
        recordApproval(s, { id: 'deploy', contentHash: 'abc' }, 5),
      );
      assert.deepEqual(Object.keys((await store.read(USAGE_STATE)).state.skills), ['deploy']);
      assert.deepEqual((await store.read(APPROVAL_STATE)).state.approvals, {
        deploy: { contentHash: 'abc', at: 5 },
      });
    });

    it('loses no update of many made at once in one process', async () => {
      const { store } = await make();
      const writes = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.update(USAGE_STATE, count('review', i))),
      );
      assert.ok(writes.every((w) => w.written));
      assert.equal((await store.read(USAGE_STATE)).state.skills.review?.count, 20);
    });

    it('reads a damaged or foreign value as the empty state, with a warning; the next update replaces it', async () => {
      const { store, raw, put } = await make();
      await store.update(USAGE_STATE, count('x', 1));
      for (const text of [
        '{"version":1,"skills":{"x":{"cou',
        '{"version":2,"skills":{"x":{"count":5,"lastUsed":1}}}',
      ]) {
        await put('usage', text);
        const r = await store.read(USAGE_STATE);
        assert.deepEqual(r.state, USAGE_STATE.empty());
        assert.deepEqual(
          r.diagnostics.map((d) => [d.code, d.severity]),
          [['state/damaged', 'warning']],
        );
        assert.match(r.diagnostics[0]?.message ?? '', /usage state .*(not JSON|not one skillset)/);
      }
      const w = await store.update(USAGE_STATE, count('y', 2));
      assert.equal(w.written, true);
      assert.deepEqual(
        w.diagnostics.map((d) => d.code),
        ['state/damaged'],
      );
      assert.equal(await raw('usage'), '{"version":1,"skills":{"y":{"count":1,"lastUsed":2}}}\n');
    });
  });
}

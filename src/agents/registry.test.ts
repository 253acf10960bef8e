import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createService } from '../core/service.js';
import { createMemoryFileSystem } from '../files/memory-fs.js';
import {
  AGENT_PRESETS,
  AGENTS,
  EXPORT_TARGETS,
  exportTarget,
  listingDefaults,
} from './registry.js';

describe('the agent registry', () => {
  it('keeps the order of --agent and --target choices', () => {
    assert.deepEqual(AGENTS, [
      'skillset',
      'claude-code',
      'codex',
      'cursor',
      'copilot',
      'gemini',
      'opencode',
    ]);
    assert.deepEqual(EXPORT_TARGETS, [
      'agents-md',
      'cursor',
      'agents-dir',
      'copilot',
      'well-known',
    ]);
    for (const name of AGENTS) assert.equal(AGENT_PRESETS[name].name, name);
  });

  it('gives every target its own paths, under its base and nowhere else', () => {
    for (const name of EXPORT_TARGETS) {
      const t = exportTarget(name);
      assert.ok(t, name);
      const own = t.base === '' ? 'AGENTS.md' : `${t.base}/x`;
      assert.equal(t.isOwnPath(own), true, `${name}: ${own}`);
      for (const other of ['README.md', `${t.base}/../x`, `${t.base}/./x`, `${t.base}`, '../x'])
        assert.equal(t.isOwnPath(other), false, `${name}: ${other}`);
    }
    assert.equal(exportTarget('nope'), undefined);
  });

  it("holds each agent's listing defaults: Claude Code 1% and 1,536 an entry, Codex 2%", () => {
    assert.deepEqual(listingDefaults('claude-code'), {
      fraction: 0.01,
      budget: 8_000,
      entryCap: 1_536,
    });
    assert.equal(listingDefaults('codex').fraction, 0.02);
    assert.equal(listingDefaults('codex').budget, 8_000);
    assert.deepEqual(listingDefaults(undefined), listingDefaults('skillset'));
  });

  it("sizes a listing from the agent's share of the context", async () => {
    const fs = createMemoryFileSystem({
      lib: { deploy: { 'SKILL.md': '---\ndescription: Deploy the app.\n---\nBody\n' } },
    });
    const budget = async (agent?: 'codex') => {
      const s = await createService({
        fs,
        roots: ['/lib'],
        cache: false,
        cwd: '/',
        ...(agent ? { agent } : {}),
      });
      const l = await s.listing({ contextTokens: 200_000 });
      assert.ok(l.ok);
      return [l.value.budget, (await s.listing()).ok] as const;
    };
    assert.deepEqual(await budget(), [8_000, true]);
    assert.deepEqual(await budget('codex'), [16_000, true]);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedConfig } from './config.js';
import { mergeConfigs } from './merge.js';
import type { SkillsetConfig } from './schema.js';

const user = (config: SkillsetConfig): LoadedConfig => ({
  config,
  file: '/home/u/.config/skillset/config.json',
});
const project = (config: SkillsetConfig, text = JSON.stringify(config, null, 2)): LoadedConfig => ({
  config,
  file: '/repo/skillset.config.json',
  text,
});
const found = { named: false, cwd: '/repo', home: '/home/u' };

describe('mergeConfigs', () => {
  it("takes the project's settings key by key over the user's", () => {
    const r = mergeConfigs(
      user({ load: { maxBytes: 50_000, maxImports: 10 }, listing: { budget: 4000 } }),
      project({ load: { maxBytes: 20_000 }, listing: { format: 'markdown' } }),
      found,
    );
    assert.deepEqual(r.config.load, { maxBytes: 20_000, maxImports: 10 });
    assert.deepEqual(r.config.listing, { budget: 4000, format: 'markdown' });
    assert.deepEqual(r.diagnostics, []);
  });

  it('adds deny rules up, keeps the stricter override, and lets either turn shell off', () => {
    const r = mergeConfigs(
      user({
        permissions: { deny: ['Skill(a)'], overrides: { x: 'off', y: 'on' } },
        invoke: { shell: 'off' },
      }),
      project({
        permissions: { deny: ['Skill(b)'], overrides: { x: 'on', y: 'name-only' } },
        invoke: { shell: 'on', timeoutMs: 500 },
      }),
      found,
    );
    assert.deepEqual(r.config.permissions, {
      allow: [],
      deny: ['Skill(a)', 'Skill(b)'],
      overrides: { x: 'off', y: 'name-only' },
    });
    assert.deepEqual(r.config.invoke, { shell: 'off', timeoutMs: 500 });
  });

  it("ignores a found project config's trust, and its allow rules while it is untrusted, at their lines", () => {
    const r = mergeConfigs(
      user({}),
      project({
        invoke: { trustProject: true, trustedProjects: ['/'] },
        permissions: { allow: ['Skill(*)'] },
      }),
      found,
    );
    assert.equal(r.trust.project, false);
    assert.equal(r.trust.source, undefined);
    assert.deepEqual(r.trust.folders, []);
    assert.deepEqual(r.config.permissions?.allow, []);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.data?.key, d.start.line]),
      [
        ['config/trust-ignored', 'invoke.trustProject', 3],
        ['config/trust-ignored', 'permissions.allow', 9],
      ],
    );
  });

  it('takes trust from the user config, a named config and the caller, in that order of word', () => {
    assert.equal(
      mergeConfigs(user({ invoke: { trustProject: true } }), project({}), found).trust.source,
      'user-config',
    );
    assert.equal(
      mergeConfigs(user({}), project({ invoke: { trustProject: true } }), { ...found, named: true })
        .trust.source,
      'config-file',
    );
    const denied = mergeConfigs(user({ invoke: { trustProject: true } }), project({}), {
      ...found,
      trustProject: false,
    });
    assert.equal(denied.trust.project, false);
    const folder = mergeConfigs(
      user({ invoke: { trustedProjects: ['/repo'] } }),
      project({ permissions: { allow: ['Skill(x)'] } }),
      found,
    );
    assert.equal(folder.trust.source, 'trusted-folder');
    assert.equal(folder.trust.project, false);
    assert.deepEqual(folder.config.permissions?.allow, ['Skill(x)']);
  });

  it("ignores a found project config's embedding endpoint, and keeps the user's", () => {
    const endpoint = { url: 'http://127.0.0.1:9/v1/embeddings', model: 'm' };
    const mine = { url: 'http://127.0.0.1:8/v1/embeddings', model: 'mine' };
    const r = mergeConfigs(
      user({ search: { embeddingEndpoint: mine } }),
      project({ search: { semantic: true, embeddingEndpoint: endpoint } }),
      found,
    );
    assert.deepEqual(r.config.search?.embeddingEndpoint, mine);
    assert.equal(r.config.search?.semantic, true);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.data?.key, d.start.line]),
      [['config/trust-ignored', 'search.embeddingEndpoint', 4]],
    );
    const named = mergeConfigs(user({}), project({ search: { embeddingEndpoint: endpoint } }), {
      ...found,
      named: true,
    });
    assert.deepEqual(named.config.search?.embeddingEndpoint, endpoint);
    assert.deepEqual(named.diagnostics, []);
  });
});

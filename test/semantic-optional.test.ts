// The semantic pass without its optional packages: the built CLI, copied beside every installed
// package but @energetic-ai/*, searches and says why the sentence encoder is off.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { corporaDir, repoRoot } from '../src/test-support/paths.js';
import { runNode, tempDir } from '../src/test-support/processes.js';

const library = path.join(corporaDir, 'wshobson-agents');
let root = '';
let cli = '';

before(() => {
  // A package folder of its own: the built CLI copied, every installed package linked but the
  // sentence encoder's (a link would resolve to the real folder, so dist is copied, not linked).
  root = tempDir('no-encoder');
  fs.cpSync(path.join(repoRoot, 'dist'), path.join(root, 'dist'), { recursive: true });
  fs.symlinkSync(path.join(repoRoot, 'docs'), path.join(root, 'docs'));
  fs.copyFileSync(path.join(repoRoot, 'package.json'), path.join(root, 'package.json'));
  const modules = path.join(root, 'node_modules');
  fs.mkdirSync(modules);
  for (const e of fs.readdirSync(path.join(repoRoot, 'node_modules')))
    if (e !== '@energetic-ai')
      fs.symlinkSync(path.join(repoRoot, 'node_modules', e), path.join(modules, e));
  cli = path.join(root, 'dist', 'cli', 'skillset.cjs');
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

/** `skillset search` over the library with the copied CLI, the cache off, and `flags` added. */
const search = (...flags: string[]) =>
  runNode([cli, 'search', 'docker image too big', '--dir', library, '--no-cache', ...flags]);

describe('the semantic pass without the sentence encoder installed', () => {
  it('searches with the model it has, and says why the encoder is off', async () => {
    const r = await search('--semantic');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^coverage: (ok|weak)/);
    const json = await search('--semantic', '--json', '--verbose');
    assert.equal(json.status, 0, json.stderr);
    const result = JSON.parse(json.stdout) as { results: Array<{ score: number }> };
    assert.ok(result.results.length > 0);
    // Scores are fused (0–1): the pass ran, with the learned term model alone.
    assert.ok(result.results.every((x) => x.score <= 1 + 1e-9));
    assert.match(json.stderr, /The sentence encoder is off: .*could not be loaded/);
    assert.match(json.stderr, /\[search\/model-unavailable\]/);
  });

  it('doctor names the model that is off and why', async () => {
    const r = await runNode([cli, 'doctor', '--dir', library, '--semantic', '--no-cache', '-q']);
    assert.match(
      r.stdout,
      /search: the semantic pass is on .*models terms, use \(off: not installed: @energetic-ai\/embeddings, @energetic-ai\/model-embeddings-en, @energetic-ai\/core\)/,
    );
  });

  it('with only the encoder asked for, the pass is off with a warning, and search answers lexically', async () => {
    const config = path.join(root, 'skillset.config.json');
    fs.writeFileSync(
      config,
      JSON.stringify({ search: { semantic: true, semanticModels: ['use'] } }),
    );
    const r = await search('--config', config, '--json');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /warning The sentence encoder is off/);
    const result = JSON.parse(r.stdout) as { results: Array<{ score: number }> };
    assert.ok(result.results.length > 0);
  });
});

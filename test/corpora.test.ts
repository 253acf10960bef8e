// Every SKILL.md in the real libraries is accounted for: loaded, or named in a diagnostic.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { discoverSkills } from '../src/index.js';
import {
  danglingPlaceholders,
  skillFiles,
  withoutFrontmatter,
} from '../src/test-support/corpus.js';
import { corporaDir } from '../src/test-support/paths.js';

const libraries = [
  'salesforce-skills/skills',
  'everything-claude-code',
  'claude-skills',
  'wshobson-agents',
];

describe('the real corpora', () => {
  for (const lib of libraries) {
    it(`accounts for every SKILL.md in ${lib}`, async () => {
      const root = path.join(corporaDir, lib);
      const r = await discoverSkills({ roots: [root], cacheDir: false });
      const loaded = new Set(r.skills.map((s) => s.path));
      const named = new Set(r.diagnostics.map((d) => d.file));
      const missing = skillFiles(root).filter((f) => !loaded.has(f) && !named.has(f));
      assert.deepEqual(missing, []);
      for (const d of r.diagnostics) {
        assert.ok(
          path.isAbsolute(d.file) && d.start.line >= 1 && d.start.column >= 1,
          JSON.stringify(d),
        );
      }
    });
  }

  it('recovers unquoted `: ` descriptions in everything-claude-code and flags files without front matter', async () => {
    const root = path.join(corporaDir, 'everything-claude-code');
    const r = await discoverSkills({ roots: [root], cacheDir: false });
    const recovered = r.skills.filter((s) =>
      s.diagnostics.some((d) => d.code === 'parse/recovered-yaml'),
    );
    assert.ok(recovered.length >= 10, `${recovered.length} recovered`);
    for (const s of recovered) {
      assert.equal(s.descriptionSource, 'frontmatter');
      assert.ok(s.description.includes(': ') || s.description.length > 40, s.path);
    }
    const blueprint = r.skills.find((s) => s.path.endsWith('docs/zh-CN/skills/blueprint/SKILL.md'));
    assert.ok(blueprint?.description.endsWith('origin: community'));
    const bare = r.skills.filter((s) =>
      s.diagnostics.some((d) => d.code === 'parse/no-frontmatter'),
    );
    assert.deepEqual(bare.map((s) => s.path).sort(), withoutFrontmatter(root));
  });

  it('reports each dangling link in claude-skills as a diagnostic', async () => {
    const root = path.join(corporaDir, 'claude-skills');
    const r = await discoverSkills({ roots: [root], cacheDir: false });
    const dangling = r.diagnostics.filter((d) => d.code === 'discover/dangling-link');
    const expected = danglingPlaceholders(root);
    assert.ok(expected.length > 0, 'the library has links to nothing');
    assert.deepEqual(dangling.map((d) => d.file).sort(), expected);
    assert.ok(dangling.every((d) => d.severity === 'error' && typeof d.data?.target === 'string'));
  });
});

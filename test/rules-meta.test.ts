// Holds the rule registry, the rule modules, their tests and docs/rules/ together; runs each doc's examples.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createMemoryFileSystem, type MemoryTree } from '../src/files/memory-fs.js';
import { PROFILES } from '../src/lint/define-rule.js';
import { RULES } from '../src/lint/rules/index.js';
import { defaultProfile } from '../src/lint/rules/test-harness.js';
import { lintSkills } from '../src/lint/run.js';
import { repoRoot } from '../src/test-support/paths.js';

const docsDir = path.join(repoRoot, 'docs', 'rules');
const rulesDir = path.join(repoRoot, 'src', 'lint', 'rules');

function files(dir: string, suffix: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files(p, suffix, out);
    else if (e.name.endsWith(suffix)) out.push(p);
  }
  return out;
}

/**
 * The examples of a doc section: ```skill PATH / ```file PATH blocks, as a memory tree under /lib;
 * a ```link PATH block holds the target of a link, and ```file PATH N makes a file of N bytes filled
 * with the block's text (an oversized file).
 */
function examples(doc: string, heading: 'Wrong' | 'Right'): MemoryTree | undefined {
  const section = doc.split(/^## /m).find((s) => s.startsWith(`${heading}\n`));
  if (!section) return undefined;
  const tree: MemoryTree = {};
  for (const m of section.matchAll(/^```(skill|file|link) (\S+)(?: (\d+))?\n([\s\S]*?)^```$/gm)) {
    const parts = (m[2] as string).split('/');
    let node = tree;
    for (const p of parts.slice(0, -1)) {
      node[p] ??= {};
      node = node[p] as MemoryTree;
    }
    const body = m[4] as string;
    const size = m[3] === undefined ? undefined : Number(m[3]);
    node[parts[parts.length - 1] as string] =
      m[1] === 'link'
        ? { kind: 'symlink', target: body.trim() }
        : size === undefined
          ? body
          : Buffer.alloc(size, body);
  }
  return tree;
}

describe('the rule registry', () => {
  const codes = RULES.map((r) => r.code);

  it('has unique, namespaced kebab-case codes', () => {
    assert.equal(new Set(codes).size, codes.length);
    for (const c of codes) assert.match(c, /^[a-z]+\/[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has one module and one test per rule, named by its code', () => {
    const modules = files(rulesDir, '.ts')
      .filter((f) => !f.endsWith('.test.ts') && path.dirname(f) !== rulesDir)
      .map((f) => path.relative(rulesDir, f).replace(/\.ts$/, '').split(path.sep).join('/'));
    assert.deepEqual(modules.sort(), [...codes].sort());
    for (const c of codes)
      assert.ok(existsSync(path.join(rulesDir, `${c}.test.ts`)), `a test for ${c}`);
  });

  it('has one doc page per rule, headed by its code and its description', () => {
    const pages = files(docsDir, '.md').map((f) =>
      path.relative(docsDir, f).replace(/\.md$/, '').split(path.sep).join('/'),
    );
    assert.deepEqual(pages.sort(), [...codes].sort());
    for (const rule of RULES) {
      const doc = readFileSync(path.join(docsDir, `${rule.code}.md`), 'utf8');
      const lines = doc.split('\n');
      assert.equal(lines[0], `# ${rule.code}`);
      assert.equal(
        lines[2],
        rule.description,
        `${rule.code}: the doc's first paragraph is the rule's description`,
      );
      for (const p of PROFILES)
        assert.ok(
          doc.includes(`| \`${p}\` | ${rule.severity[p]} |`),
          `${rule.code}: severity in ${p}`,
        );
    }
  });

  for (const rule of RULES) {
    it(`runs the examples of ${rule.code}`, async () => {
      const doc = readFileSync(path.join(docsDir, `${rule.code}.md`), 'utf8');
      const profile = defaultProfile(rule);
      for (const [heading, expectHit] of [
        ['Wrong', true],
        ['Right', false],
      ] as const) {
        const tree = examples(doc, heading);
        assert.ok(tree, `${rule.code}: a ## ${heading} section with examples`);
        const r = await lintSkills({
          fs: createMemoryFileSystem({ lib: tree }),
          roots: ['/lib'],
          profile,
        });
        const hits = r.diagnostics.filter((d) => d.code === rule.code);
        assert.equal(
          hits.length > 0,
          expectHit,
          `${rule.code} ${heading}: ${JSON.stringify(r.diagnostics.map((d) => d.message))}`,
        );
      }
    });
  }
});

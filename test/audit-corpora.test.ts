// The audit over the four real libraries: its error findings are exactly those docs/audit.md lists,
// each with a verdict (a new finding, or one gone, means the doc or a rule must change).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { lintSkills } from '../src/lint/run.js';
import { corporaDir, repoRoot } from '../src/test-support/paths.js';

const LIBRARIES = [
  'salesforce-skills/skills',
  'wshobson-agents',
  'everything-claude-code',
  'claude-skills',
];

/** The rows of docs/audit.md's table of error findings: `library file:line code`, each with a verdict. */
function documented(): string[] {
  const doc = readFileSync(path.join(repoRoot, 'docs', 'audit.md'), 'utf8');
  const rows: string[] = [];
  for (const m of doc.matchAll(/^\| `([^`]+)` \| `([^`]+)` \| (\d+) \| `([^`]+)` \| (.+) \|$/gm)) {
    assert.ok((m[5] as string).trim().length > 10, `a verdict for ${m[2]}`);
    rows.push(`${m[1]} ${m[2]}:${m[3]} ${m[4]}`);
  }
  return rows.sort();
}

/** The error count of each library in docs/audit.md's summary table. */
function counts(): Map<string, number> {
  const doc = readFileSync(path.join(repoRoot, 'docs', 'audit.md'), 'utf8');
  const out = new Map<string, number>();
  for (const m of doc.matchAll(/^\| `([^`]+)` \| (\d+) \| (\d+) \| .+ \|$/gm))
    out.set(m[1] as string, Number(m[3]));
  return out;
}

it('raises on the real libraries exactly the errors docs/audit.md lists with a verdict', {
  skip: !existsSync(corporaDir),
}, async () => {
  const found: string[] = [];
  for (const lib of LIBRARIES) {
    const root = path.join(corporaDir, lib);
    const r = await lintSkills({ roots: [root], profile: 'security', cacheDir: false });
    for (const d of r.diagnostics)
      if (d.severity === 'error')
        found.push(
          `${lib} ${path.relative(root, d.file).split(path.sep).join('/')}:${d.start.line} ${d.code}`,
        );
  }
  assert.deepEqual(found.sort(), documented());
  const perLibrary = new Map(
    LIBRARIES.map((l) => [l, found.filter((f) => f.startsWith(`${l} `)).length]),
  );
  assert.deepEqual(perLibrary, counts());
});

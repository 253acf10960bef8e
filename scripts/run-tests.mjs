// Runs every *.test.ts under src/ and test/ with node's test runner (Node 20 has no --test globs).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

function find(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'fixtures' && e.name !== 'node_modules') find(p, out);
    else if (e.isFile() && e.name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const only = process.argv.slice(2);
const files = only.length > 0 ? only : [...find('src'), ...find('test')].sort();
const r = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', ...files],
  { stdio: 'inherit' },
);
process.exit(r.status ?? 1);

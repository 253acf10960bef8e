// Runs every *.test.ts under src/ and test/ with node's test runner (Node 20 has no --test globs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

function find(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'fixtures' && e.name !== 'node_modules') find(p, out);
    else if (e.isFile() && e.name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

// The tests read the real libraries in ../shared: without them, one line says so instead of hundreds of failures.
const shared = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '..',
  '..',
  'shared',
  'corpora',
);
if (!existsSync(shared)) {
  console.error(
    `skillset tests: the shared corpora are missing (${shared}); check out ../shared beside this repository, as .ci/run does`,
  );
  process.exit(1);
}

// The longest files first, so that none starts last and runs on alone (measured: each takes a tenth or
// more of the run); then the other process-driving tests of test/, then the unit tests of src/, which
// fill the gaps. A file not named here only runs later, never not at all.
const slowest = [
  'test/operations.test.ts',
  'test/parity.test.ts',
  'test/cli.test.ts',
  'test/mcp.test.ts',
  'test/hostile-index.test.ts',
  'test/hostile-mcp.test.ts',
  'test/listing.test.ts',
  'test/environment.test.ts',
  'test/search-libraries.test.ts',
  'test/select.test.ts',
];
const rank = (f) => {
  const i = slowest.indexOf(f);
  return i >= 0 ? i : f.startsWith('test/') ? slowest.length : slowest.length + 1;
};
const only = process.argv.slice(2);
const files =
  only.length > 0
    ? only
    : [...find('src'), ...find('test')].sort().sort((a, b) => rank(a) - rank(b));
const r = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${process.env.SKILLSET_TEST_CONCURRENCY ?? 4}`,
    '--test-reporter=spec',
    ...files,
  ],
  { stdio: 'inherit' },
);
process.exit(r.status ?? 1);

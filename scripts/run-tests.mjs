// Runs every *.test.ts under src/ and test/ with node's test runner (Node 20 has no --test globs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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
// more of the run); then the other process-driving tests of test/, then the unit tests (most of them
// a few files to a process, below), which fill the gaps. A file not named here only runs later, never
// not at all.
const slowest = [
  'test/operations.test.ts',
  'test/ui-browser.test.ts',
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

/** A test file that touches what its process has once: child processes, servers, the environment, signals, gc. */
const PROCESS_WIDE =
  /\bspawn|\bexec(File)?(Sync)?\(|process\.(env|chdir|on|once|exit|stdout|stderr|stdin|kill)\b|\.listen\(|\bgc\b|setInterval|\bmock\./;

/**
 * The test files that touch nothing process-wide (most unit tests of src/, a few of test/), the
 * slowest aside, UNIT_GROUPS files to a process (one entry file importing each in turn, in `dir`);
 * the others as they are. A process with tsx costs about a third of a CPU-second to start: a
 * hundred of them were a sixth of the suite's CPU.
 */
const UNIT_GROUPS = 8;
function grouped(files, dir) {
  const shared = files.filter(
    (f) => !slowest.includes(f) && !PROCESS_WIDE.test(readFileSync(f, 'utf8')),
  );
  const entries = Array.from({ length: UNIT_GROUPS }, (_, g) => {
    const mine = shared.filter((_, i) => i % UNIT_GROUPS === g);
    const entry = path.join(dir, `units-${g + 1}-of-${UNIT_GROUPS}.test.mjs`);
    // A file that fails to load is a failed test of its own; the files after it still run.
    const urls = mine.map((f) => pathToFileURL(path.resolve(f)).href);
    writeFileSync(
      entry,
      `import { test } from 'node:test';
for (const url of ${JSON.stringify(urls)}) {
  try {
    await import(url);
  } catch (e) {
    test(\`\${url} loads\`, () => {
      throw e;
    });
  }
}
`,
    );
    return entry;
  });
  return [...files.filter((f) => !shared.includes(f)), ...entries];
}

const only = process.argv.slice(2);
const groups = only.length > 0 ? undefined : mkdtempSync(path.join(os.tmpdir(), 'skillset-units-'));
if (groups) process.on('exit', () => rmSync(groups, { recursive: true, force: true }));
const files = groups
  ? grouped([...find('src'), ...find('test')].sort(), groups).sort((a, b) => rank(a) - rank(b))
  : only;
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

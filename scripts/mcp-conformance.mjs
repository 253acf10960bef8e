// Runs the MCP project's conformance suite (server scenarios) against `skillset serve --http` over the
// bundled example library. The suite needs Node >= 22: both it and a Node 22 binary are installed
// into a temporary folder, never as dependencies of the project. The scenarios that need the suite's
// own fixtures are listed, each with its reason, in .ci/mcp-conformance-expected-failures.yml; the
// suite exits 1 when a scenario not listed there fails, and when one listed there passes. The server
// and the temporary folder are removed on every way out. Needs `npm run build` first.
//
//   node scripts/mcp-conformance.mjs   (exit 0: as expected; 1: a regression or a stale entry; 2: setup)

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE = '22.23.5';
const SUITE = '0.1.16';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseline = path.join(root, '.ci', 'mcp-conformance-expected-failures.yml');
const cli = path.join(root, 'dist', 'cli', 'skillset.cjs');
const library = path.join(root, 'examples', 'skills');

/** Thrown for what is wrong with the setup, not with the server: exit 2. */
class SetupError extends Error {}

/** Every entry of the baseline, or a SetupError naming an entry without its reason. */
function checkBaseline() {
  const entries = readFileSync(baseline, 'utf8')
    .split('\n')
    .filter((l) => /^\s+-\s/.test(l));
  const bare = entries.filter((l) => !/^\s+-\s+[\w-]+\s+#\s*\S/.test(l));
  if (bare.length > 0)
    throw new SetupError(
      `an expected failure without its reason (\`- name # why\`): ${bare[0].trim()}`,
    );
  return entries.length;
}

/** Install the suite and a Node 22 binary into `dir`. */
function install(dir) {
  const binary = `node-${process.platform}-${process.arch}@${NODE}`;
  const r = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      dir,
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      binary,
      `@modelcontextprotocol/conformance@${SUITE}`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (r.status !== 0)
    throw new SetupError(`npm install of ${binary} and the conformance suite failed`);
  const node = path.join(dir, 'node_modules', '.bin', 'node');
  const suite = path.join(
    dir,
    'node_modules',
    '@modelcontextprotocol',
    'conformance',
    'dist',
    'index.js',
  );
  if (!existsSync(node) || !existsSync(suite))
    throw new SetupError(`${binary} gave no node binary`);
  return { node, suite };
}

/** Start the server; resolves with its URL once it listens. */
function startServer(dir) {
  const child = spawn(process.execPath, [cli, 'serve', library, '--http', '--port', '0'], {
    env: { ...process.env, SKILLSET_CACHE_DIR: path.join(dir, 'cache') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const listening = new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(
      () => reject(new SetupError('the server did not listen within 30 s')),
      30_000,
    );
    child.stderr.on('data', (d) => {
      err += d;
      const m = /listening on (\S+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new SetupError(`the server exited (${code}) before it listened: ${err.trim()}`));
    });
  });
  return { child, listening };
}

/** Run the server scenarios against `url` with the baseline: the child, and its exit code. */
function runSuite({ node, suite }, url, dir) {
  const args = [
    suite,
    'server',
    '--url',
    url,
    '--expected-failures',
    baseline,
    '-o',
    path.join(dir, 'results'),
  ];
  const child = spawn(node, args, { stdio: 'inherit' });
  return {
    child,
    done: new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1))),
  };
}

async function main() {
  if (!existsSync(cli))
    throw new SetupError(`${path.relative(root, cli)} is missing: run npm run build first`);
  const expected = checkBaseline();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-mcp-conformance-'));
  const children = [];
  const cleanUp = () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  };
  // A signal ends the run the same way: the server and the folder go first.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.once(signal, () => {
      cleanUp();
      process.exit(2);
    });
  try {
    const tools = install(dir);
    const started = startServer(dir);
    children.push(started.child);
    const url = await started.listening;
    console.log(
      `mcp-conformance: suite ${SUITE} on Node ${NODE} against ${url} (${expected} expected failures)`,
    );
    const run = runSuite(tools, url, dir);
    children.push(run.child);
    return await run.done;
  } finally {
    cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`mcp-conformance: ${e instanceof SetupError ? e.message : (e?.stack ?? e)}`);
    process.exit(2);
  },
);

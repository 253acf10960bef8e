// Runs the bundled CLI with a V8 code cache. Compiling the CLI's code is most of what a warm start
// costs beyond Node's own; the cache keeps the compiled code in the cache folder, so the next start
// reuses it (Node 22 does this itself with `module.enableCompileCache`; Node 20, which we support,
// does not). The cache is an optimisation: anything wrong with it means compiling as usual. It runs
// in the CLI's first lines, before any settings (or an injected FileSystem) exist: node:fs, on disk.

import { createHash } from 'node:crypto';
import nodeFs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { defaultCacheDir, makeDirs, writeFileAtomically } from './dirs.js';

/** The bundle's first line names its build (scripts/postbuild.mjs writes it). */
const STAMP = /^\/\/ skillset-bundle ([0-9a-f]{16})\n/;
/** The first line of a cache file; bump when its layout changes. */
const MAGIC = 'skillset-code-cache 1';

/** What a cache file keeps: the commands whose code it holds, and V8's data. */
interface Kept {
  commands: string[];
  data: Buffer;
}

/**
 * A cache file is the magic line, a JSON line `{ "commands", "sha1" }`, then V8's data. V8 checks its
 * own version, flags and the source length, but in release builds not the bytes, so ours are hashed.
 */
function readKept(file: string): Kept | undefined {
  try {
    const bytes = nodeFs.readFileSync(file);
    const first = bytes.indexOf(10);
    const second = bytes.indexOf(10, first + 1);
    if (first < 0 || second < 0 || bytes.subarray(0, first).toString('latin1') !== MAGIC)
      return undefined;
    const head = JSON.parse(bytes.subarray(first + 1, second).toString('utf8')) as {
      commands?: unknown;
      sha1?: unknown;
    };
    const data = bytes.subarray(second + 1);
    if (
      !Array.isArray(head.commands) ||
      createHash('sha1').update(data).digest('hex') !== head.sha1
    )
      return undefined;
    return { commands: head.commands.map(String), data };
  } catch {
    return undefined;
  }
}

function keep(file: string, script: vm.Script, commands: string[]): void {
  try {
    const data = script.createCachedData();
    const head = JSON.stringify({ commands, sha1: createHash('sha1').update(data).digest('hex') });
    makeDirs(path.dirname(file));
    writeFileAtomically(file, Buffer.concat([Buffer.from(`${MAGIC}\n${head}\n`), data]));
  } catch {
    // Not kept: the next start compiles again.
  }
}

/**
 * Run the bundle at `file` with `argv`, through the code cache unless `--no-cache` is given. Returns
 * undefined when there is no bundle, or an older one than its modules: the caller loads the modules.
 */
export function runBundle(file: string, argv: string[]): Promise<void> | undefined {
  let source: string;
  try {
    // A build by tsc alone leaves the bundle behind its modules (`program.js` newer than
    // `program.cjs`): then the modules run, not yesterday's code.
    const modules = nodeFs.statSync(file.replace(/\.cjs$/, '.js'), { throwIfNoEntry: false });
    if (modules && modules.mtimeMs > nodeFs.statSync(file).mtimeMs) return undefined;
    // The build writes it in ASCII (scripts/postbuild.mjs): read as Latin-1, it is not decoded as UTF-8.
    source = nodeFs.readFileSync(file, 'latin1');
  } catch {
    return undefined;
  }
  const id = STAMP.exec(source)?.[1];
  // The cache holds the code a run compiled: it is rewritten when a command it has not seen runs.
  const command = argv.slice(2).find((a) => !a.startsWith('-')) ?? '';
  const cacheFile =
    id !== undefined && !argv.includes('--no-cache')
      ? path.resolve(defaultCacheDir(), `code-${id}-${process.version}-${process.arch}.bin`)
      : undefined;
  const kept = cacheFile ? readKept(cacheFile) : undefined;
  // Node's own module wrapper, on the first line so that line numbers stay those of the bundle.
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) { ${source}\n})`,
    { filename: file, ...(kept ? { cachedData: kept.data } : {}) },
  );
  const covered = kept && !script.cachedDataRejected ? kept.commands : [];
  if (cacheFile && !covered.includes(command))
    process.once('exit', () => keep(cacheFile, script, [...covered, command].sort()));
  const mod: { exports: { main?: (argv: string[]) => Promise<void> } } = { exports: {} };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(mod.exports, mod.exports, createRequire(file), mod, file, path.dirname(file));
  if (!mod.exports.main) throw new Error(`${file} is not the skillset bundle (no main)`);
  return mod.exports.main(argv);
}

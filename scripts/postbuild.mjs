// After tsc: bundle the CLI, and make its entry points executable (tsc does not keep file modes).
//
// - dist/cli/program.cjs: the whole CLI in one file, which the starter runs with a code cache
//   (src/util/code-cache.ts). Packages loaded only on need (the YAML fallback, config checking,
//   .gitignore rules) stay outside and are required as usual.
// - dist/cli/skillset.cjs: the starter (src/cli/start.ts) as one CommonJS file, the installed
//   `skillset` command: Node starts a CommonJS file faster than an ES module.
import { createHash } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';

// `node:child_process` (and with it net, dgram and streams) is loaded on first use, which most runs
// never come to: commander loads it for executable subcommands, which skillset has none of, and the
// shell of `invoke` only when a skill runs a command. Every importer gets `spawn`, its only use; a
// name beyond it fails the build ("No matching export").
const LAZY_CHILD_PROCESS =
  'module.exports = { spawn: (...a) => require("child_process").spawn(...a) };';
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build) {
    build.onResolve({ filter: /^node:child_process$/ }, () => ({
      path: 'child_process',
      namespace: 'lazy-child-process',
    }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: LAZY_CHILD_PROCESS,
      loader: 'js',
    }));
  },
};

/**
 * The bundle as ASCII: V8 then keeps its source as one byte a character, read and hashed faster than
 * the two a single non-ASCII character makes it take. esbuild escapes strings itself; what is left is
 * in comments and regular expressions, where `\uXXXX` means the same character (an astral one is
 * written as its surrogate pair, which means it too). One after a backslash would change meaning.
 */
function ascii(code, out) {
  const escaped = /\\[\u0080-\uffff]/.exec(code);
  if (escaped) throw new Error(`${out}: a backslash before a non-ASCII character: ${escaped[0]}`);
  return code.replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * A default import of a Node module (`import fs from 'node:fs'`) is bundled as
 * `__toESM(require("node:fs"), 1)`, which copies every export onto a new object as a getter, for each
 * importing module: some 1,700 properties defined before a search starts. The module's default and
 * its named exports read the same through an object that inherits them.
 */
const BUILTIN_DEFAULT_IMPORT = /__toESM\(require\("((?:node:)?[a-z_/]+)"\), 1\)/g;
const BUILTIN_DEFAULT =
  'const __builtinESM = (m) => Object.create(m, { default: { value: m, enumerable: true } });\n';

function builtinImports(code) {
  return code.replace(BUILTIN_DEFAULT_IMPORT, (call, id) =>
    builtinModules.includes(id.replace(/^node:/, '')) ? `__builtinESM(require("${id}"))` : call,
  );
}

async function bundle(entry, out, external, stamp) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external,
    define: { 'import.meta.url': 'import_meta_url' },
    plugins: [lazyChildProcess],
    write: false,
    logLevel: 'warning',
  });
  const code = builtinImports(ascii(result.outputFiles[0].text.replace(/^#!.*\n/, ''), out));
  // Strict, as the modules were. Their `import.meta.url` becomes the bundle's own URL: it sits two
  // folders below the package root, as they do, so relative URLs (../../docs/) still resolve.
  const prelude = `"use strict";\nconst import_meta_url = require("node:url").pathToFileURL(__filename).href;\n${BUILTIN_DEFAULT}`;
  // The first line names the build: the code cache is kept per build.
  const id = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const head = stamp ? `// skillset-bundle ${id}\n` : '#!/usr/bin/env node\n';
  const text = `${head}${prelude}${code}`;
  // The starter reads the bundle as Latin-1 (src/util/code-cache.ts): the same text only in ASCII.
  if (/[\u0080-\uffff]/.test(text)) throw new Error(`${out}: not ASCII`);
  writeFileSync(out, text);
}

// better-sqlite3's JavaScript is bundled; its native addon is loaded by path (src/search/sqlite-open.ts),
// and `bindings`, its fallback search for the addon, stays outside. So does the MCP SDK: only
// `serve` loads it, and every other command would pay to read it.
await bundle(
  'dist/cli/program.js',
  'dist/cli/program.cjs',
  [
    'bindings',
    'yaml',
    'zod',
    'ignore',
    'pg',
    '@modelcontextprotocol/sdk',
    '@modelcontextprotocol/sdk/*',
  ],
  true,
);
await bundle('dist/cli/start.js', 'dist/cli/skillset.cjs', ['./program.js'], false);
for (const f of ['dist/cli/main.js', 'dist/cli/skillset.cjs']) chmodSync(f, 0o755);

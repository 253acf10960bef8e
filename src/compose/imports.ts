// `@import <path>` lines (SPEC S5, seed 001): a skill's body pulls other Markdown files in, each its
// own content block so that it can be cached on its own. Resolution is recursive, with cycles
// detected, a depth bound, and every path confined to the allowed roots (the skill's folder, then
// the project root): `@import ../../etc/passwd` is refused, and so is a link that leads outside. A
// load bounds what its imports take (import-limits.ts): bytes, files, lines examined, bytes read.

import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { DEFAULT_MAX_FILE_BYTES } from '../discover/read.js';
import { errorCode, type FileSystem, nodeFileSystem } from '../files/fs.js';
import { repairUtf8 } from '../skill/parse.js';
import { splitFrontmatter } from '../skill/split.js';
import {
  cutUtf8,
  type ImportAllowance,
  importAllowance,
  leaveOut,
  spent,
  utf8Bytes,
} from './import-limits.js';
import { type ImportLine, importLines, withoutImports } from './import-lines.js';
import { type ImportRoots, importProblem, inside, locateImport } from './import-locate.js';

/** How many imports deep a chain may go by default. */
export const DEFAULT_IMPORT_DEPTH = 5;

/** A file brought in by `@import`. */
export interface ImportedFile {
  /** Its real path. */
  file: string;
  /** The path as written after `@import`. */
  spec: string;
  /** The file and line of the `@import` that brought it in first. */
  from: { file: string; line: number };
  /** How many imports deep: 1 for a file the skill imports itself. */
  depth: number;
  /** Its Markdown, without front matter and without its own `@import` lines. */
  text: string;
}

/** What resolveImports needs. */
export interface ImportOptions {
  /** Folders an import may resolve into, tried in order: the skill's folder (then the project root). */
  roots: readonly string[];
  /**
   * The project root, tried after `roots` for a file whose real folder is inside it. Never the home
   * folder or the file-system root: a library read from there is not the project's, and its imports
   * must not reach the home folder's files.
   */
  projectRoot?: string;
  /** The home folder (default `os.homedir()`). */
  home?: string;
  fs?: FileSystem;
  /** Deepest chain of imports followed (default 5). */
  maxDepth?: number;
  /** Largest imported file read (default 1 MiB). */
  maxBytes?: number;
  /**
   * What the load may still take (bytes, files, lines, reads), shared by the files it composes and
   * spent here (default: no bound beyond depth and file size).
   */
  allowance?: ImportAllowance;
}

/** A text with its imports resolved. */
export interface ResolvedImports {
  /** The text without its `@import` lines. */
  text: string;
  /** Every imported file once, in reading order (a file, then what it imports). */
  imports: ImportedFile[];
  diagnostics: Diagnostic[];
}

/** One resolution in progress: where imports may lead, what the load may still take, what was found. */
interface ImportWalk extends ImportRoots {
  maxDepth: number;
  maxBytes: number;
  allowance: ImportAllowance;
  /**
   * Where a path written in a folder leads, found once: a file naming the same path a thousand times
   * costs one lookup.
   */
  located: Map<string, string>;
  imports: ImportedFile[];
  diagnostics: Diagnostic[];
}

/** Resolve the `@import` lines of `text` (the body of `file`, starting at `firstLine`). */
export async function resolveImports(
  text: string,
  file: string,
  firstLine: number,
  options: ImportOptions,
): Promise<ResolvedImports> {
  const fs = options.fs ?? nodeFileSystem;
  const real = (p: string) => fs.realpath(p).catch(() => path.resolve(p));
  const self = await real(file);
  const roots = options.roots.map((r) => path.resolve(r));
  if (options.projectRoot !== undefined) {
    const project = await real(options.projectRoot);
    const home = await real(options.home ?? os.homedir());
    if (project !== path.parse(project).root && project !== home && inside(project, self))
      roots.push(path.resolve(options.projectRoot));
  }
  const w: ImportWalk = {
    fs,
    roots,
    realRoots: await Promise.all(roots.map(real)),
    maxDepth: options.maxDepth ?? DEFAULT_IMPORT_DEPTH,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_FILE_BYTES,
    allowance:
      options.allowance ??
      importAllowance(
        { maxBytes: Number.POSITIVE_INFINITY, maxImports: Number.POSITIVE_INFINITY },
        Number.POSITIVE_INFINITY,
        0,
      ),
    located: new Map(),
    imports: [],
    diagnostics: [],
  };
  const lines = importLines(text, firstLine);
  await visit(w, lines, file, [self]);
  return {
    text: withoutImports(text, lines, firstLine),
    imports: w.imports,
    diagnostics: w.diagnostics,
  };
}

/** An `@import` line's place, for what the bounds stopped. */
function at(l: ImportLine, where: string) {
  return { spec: l.spec, where, line: l.line, column: l.column };
}

/** Follow the `@import` lines of `where`, reached by `chain` (the files importing it, the skill first). */
async function visit(
  w: ImportWalk,
  lines: readonly ImportLine[],
  where: string,
  chain: readonly string[],
): Promise<void> {
  for (const l of lines) {
    const real = await admit(w, l, where, chain);
    if (real === undefined) continue;
    const own = await readImport(w, l, where, real, chain.length);
    if (own !== undefined) await visit(w, own, real, [...chain, real]);
  }
}

/**
 * The real file the line `l` of `where` imports, when it is to be read: not imported already, not a
 * cycle, not too deep, within the load's bounds. Undefined (said why, when it is worth saying) else.
 */
async function admit(
  w: ImportWalk,
  l: ImportLine,
  where: string,
  chain: readonly string[],
): Promise<string | undefined> {
  const { allowance, maxDepth } = w;
  const seen = allowance.seen;
  const key = `${path.dirname(where)}\0${l.spec}`;
  let real = w.located.get(key);
  // Imported once already: one block serves every line that names it, at no cost.
  if (real !== undefined && seen.has(real) && !chain.includes(real)) return undefined;
  const stop = spent(allowance);
  if (stop) {
    leaveOut(allowance, { ...at(l, where), ...(real ? { file: real } : {}), reason: stop });
    return undefined;
  }
  if (real === undefined) {
    allowance.lines--;
    real = await locateImport(w, where, l, w.diagnostics);
    if (real === undefined) return undefined; // reported at this line; a later one is looked up again
    w.located.set(key, real);
  }
  if (chain.includes(real)) {
    const loop = [...chain.slice(chain.indexOf(real)), real]
      .map((f) => path.basename(f))
      .join(' → ');
    importProblem(
      w.diagnostics,
      'compose/import-cycle',
      'error',
      where,
      l,
      `\`@import ${l.spec}\` makes a cycle (${loop}); not followed`,
      { cycle: [...chain.slice(chain.indexOf(real)), real] },
    );
    return undefined;
  }
  if (seen.has(real)) return undefined; // imported once already: one block serves both
  const depth = chain.length;
  if (depth > maxDepth) {
    importProblem(
      w.diagnostics,
      'compose/import-depth',
      'warning',
      where,
      l,
      `\`@import ${l.spec}\` is ${depth} imports deep, over the limit of ${maxDepth}; not followed`,
      { depth, maxDepth },
    );
    return undefined;
  }
  return real;
}

/**
 * Read the file `real` that line `l` of `where` imports, `depth` imports deep, into the imports, as far
 * as the load's bounds let it: its own `@import` lines, or undefined when it was not read.
 */
async function readImport(
  w: ImportWalk,
  l: ImportLine,
  where: string,
  real: string,
  depth: number,
): Promise<ImportLine[] | undefined> {
  const { allowance, maxBytes } = w;
  let read: Awaited<ReturnType<FileSystem['readFile']>>;
  try {
    read = await w.fs.readFile(real, Math.min(maxBytes, allowance.read));
  } catch (e) {
    importProblem(
      w.diagnostics,
      'compose/missing-import',
      'error',
      where,
      l,
      `\`@import ${l.spec}\` could not be read (${errorCode(e) ?? String(e)})`,
    );
    return undefined;
  }
  if (!read.ok && read.reason === 'too-large' && read.size <= maxBytes) {
    // Within the file cap, over what the load may still read: the load's bound stops it.
    leaveOut(allowance, { ...at(l, where), file: real, reason: 'bytes', size: read.size });
    return undefined;
  }
  if (!read.ok) {
    importProblem(
      w.diagnostics,
      read.reason === 'too-large' ? 'compose/import-too-large' : 'compose/missing-import',
      'error',
      where,
      l,
      read.reason === 'too-large'
        ? `\`@import ${l.spec}\` is ${read.size} bytes, over the ${maxBytes}-byte cap; not imported`
        : `\`@import ${l.spec}\` is not a regular file; not imported`,
    );
    return undefined;
  }
  allowance.seen.add(real);
  allowance.files--;
  allowance.read -= read.size;
  const bytes = repairUtf8(read.bytes);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const split = splitFrontmatter(bytes, bom);
  const body = bytes.toString('utf8', split.kind === 'frontmatter' ? split.bodyStart : bom);
  const bodyLine = split.kind === 'frontmatter' ? split.bodyLine : 1;
  const own = importLines(body, bodyLine);
  let text = withoutImports(body, own, bodyLine);
  const size = utf8Bytes(text);
  if (size > allowance.bytes) {
    text = cutUtf8(text, allowance.bytes);
    leaveOut(allowance, {
      ...at(l, where),
      file: real,
      reason: 'bytes',
      kept: utf8Bytes(text),
      size,
    });
    allowance.bytes = 0;
  } else allowance.bytes -= size;
  w.imports.push({ file: real, spec: l.spec, from: { file: where, line: l.line }, depth, text });
  return own;
}

// `@import <path>` lines (SPEC S5, seed 001): a skill's body pulls other Markdown files in, each its
// own content block so that it can be cached on its own. Resolution is recursive, with cycles
// detected, a depth bound, and every path confined to the allowed roots (the skill's folder, then
// the project root): `@import ../../etc/passwd` is refused, and so is a link that leads outside. A
// load bounds what its imports take (import-limits.ts): bytes, files, lines examined, bytes read.

import os from 'node:os';
import path from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { errorCode, type FileSystem, nodeFileSystem } from '../discover/fs.js';
import { DEFAULT_MAX_FILE_BYTES } from '../discover/read.js';
import { repairUtf8 } from '../skill/parse.js';
import { splitFrontmatter } from '../skill/split.js';
import { insideAny, relativeInside } from '../util/paths.js';
import {
  cutUtf8,
  type ImportAllowance,
  importAllowance,
  leaveOut,
  spent,
  utf8Bytes,
} from './import-limits.js';
import { type ImportLine, importLines, withoutImports } from './import-lines.js';

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

const inside = (dir: string, p: string): boolean => relativeInside(dir, p) !== undefined;

/** What an import may name: Markdown or plain text, never a key, a config or a binary. */
const TEXT_FILE = /\.(md|markdown|mdx|txt)$/i;

/** Resolve the `@import` lines of `text` (the body of `file`, starting at `firstLine`). */
export async function resolveImports(
  text: string,
  file: string,
  firstLine: number,
  options: ImportOptions,
): Promise<ResolvedImports> {
  const fs = options.fs ?? nodeFileSystem;
  const maxDepth = options.maxDepth ?? DEFAULT_IMPORT_DEPTH;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  const real = (p: string) => fs.realpath(p).catch(() => path.resolve(p));
  const self = await real(file);
  const roots = options.roots.map((r) => path.resolve(r));
  if (options.projectRoot !== undefined) {
    const project = await real(options.projectRoot);
    const home = await real(options.home ?? os.homedir());
    if (project !== path.parse(project).root && project !== home && inside(project, self))
      roots.push(path.resolve(options.projectRoot));
  }
  const realRoots = await Promise.all(roots.map(real));
  const imports: ImportedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const allowance =
    options.allowance ??
    importAllowance(
      { maxBytes: Number.POSITIVE_INFINITY, maxImports: Number.POSITIVE_INFINITY },
      Number.POSITIVE_INFINITY,
      0,
    );
  const seen = allowance.seen;
  // Where a path written in a folder leads, found once: a file naming the same path a thousand times
  // costs one lookup.
  const located = new Map<string, string>();

  /** A diagnostic at the path of an `@import` line in `where`. */
  const problem = (
    code: string,
    severity: 'error' | 'warning',
    where: string,
    l: ImportLine,
    message: string,
    data: Record<string, unknown> = {},
  ): void => {
    diagnostics.push(
      diagnostic(code, severity, where, message, {
        start: { line: l.line, column: l.column },
        end: { line: l.line, column: l.column + l.spec.length },
        data: { import: l.spec, ...data },
      }),
    );
  };

  /** An `@import` line's place, for what the bounds stopped. */
  const at = (l: ImportLine, where: string) => ({
    spec: l.spec,
    where,
    line: l.line,
    column: l.column,
  });

  /** Where `spec` leads: a real path inside a root, or undefined after reporting why not. */
  const locate = async (
    spec: string,
    where: string,
    l: ImportLine,
  ): Promise<string | undefined> => {
    if (path.isAbsolute(spec) || spec.startsWith('~') || /^[a-z][a-z0-9+.-]*:/i.test(spec)) {
      problem(
        'compose/import-outside-root',
        'error',
        where,
        l,
        `\`@import ${spec}\` is refused: an import is a path relative to the skill's folder or the project root`,
      );
      return undefined;
    }
    const candidates = roots
      .map((r) => path.resolve(r, spec))
      .filter((p, i) => inside(roots[i] as string, p));
    if (candidates.length === 0) {
      problem(
        'compose/import-outside-root',
        'error',
        where,
        l,
        `\`@import ${spec}\` is refused: it leads outside the skill's folder and the project root`,
      );
      return undefined;
    }
    for (const candidate of candidates) {
      let real: string;
      try {
        real = await fs.realpath(candidate);
      } catch (e) {
        const code = errorCode(e);
        if (code === 'ENOENT' || code === 'ENOTDIR') continue;
        problem(
          'compose/missing-import',
          'error',
          where,
          l,
          `\`@import ${spec}\` could not be read (${code ?? String(e)})`,
          { code },
        );
        return undefined;
      }
      if (!insideAny(realRoots, real)) {
        problem(
          'compose/import-outside-root',
          'error',
          where,
          l,
          `\`@import ${spec}\` is refused: it is a link to \`${real}\`, outside the skill's folder and the project root`,
          { realPath: real },
        );
        return undefined;
      }
      // A file that is not Markdown or text (a key, a config) is never read into a load.
      if (!TEXT_FILE.test(real) && (await fs.stat(real).catch(() => undefined))?.kind === 'file') {
        problem(
          'compose/import-not-text',
          'error',
          where,
          l,
          `\`@import ${spec}\` is refused: an import is a Markdown or text file (.md, .markdown, .mdx, .txt)`,
        );
        return undefined;
      }
      return real;
    }
    problem(
      'compose/missing-import',
      'error',
      where,
      l,
      `\`@import ${spec}\` names no file (looked in ${roots.join(' and ')})`,
    );
    return undefined;
  };

  const visit = async (
    lines: readonly ImportLine[],
    where: string,
    chain: readonly string[],
  ): Promise<void> => {
    for (const l of lines) {
      const key = `${path.dirname(where)}\0${l.spec}`;
      let real = located.get(key);
      // Imported once already: one block serves every line that names it, at no cost.
      if (real !== undefined && seen.has(real) && !chain.includes(real)) continue;
      const stop = spent(allowance);
      if (stop) {
        leaveOut(allowance, { ...at(l, where), ...(real ? { file: real } : {}), reason: stop });
        continue;
      }
      if (real === undefined) {
        allowance.lines--;
        real = await locate(l.spec, where, l);
        if (real === undefined) continue; // reported at this line; a later one is looked up again
        located.set(key, real);
      }
      if (chain.includes(real)) {
        const loop = [...chain.slice(chain.indexOf(real)), real]
          .map((f) => path.basename(f))
          .join(' → ');
        problem(
          'compose/import-cycle',
          'error',
          where,
          l,
          `\`@import ${l.spec}\` makes a cycle (${loop}); not followed`,
          { cycle: [...chain.slice(chain.indexOf(real)), real] },
        );
        continue;
      }
      if (seen.has(real)) continue; // imported once already: one block serves both
      const depth = chain.length;
      if (depth > maxDepth) {
        problem(
          'compose/import-depth',
          'warning',
          where,
          l,
          `\`@import ${l.spec}\` is ${depth} imports deep, over the limit of ${maxDepth}; not followed`,
          { depth, maxDepth },
        );
        continue;
      }
      let read: Awaited<ReturnType<FileSystem['readFile']>>;
      try {
        read = await fs.readFile(real, Math.min(maxBytes, allowance.read));
      } catch (e) {
        problem(
          'compose/missing-import',
          'error',
          where,
          l,
          `\`@import ${l.spec}\` could not be read (${errorCode(e) ?? String(e)})`,
        );
        continue;
      }
      if (!read.ok && read.reason === 'too-large' && read.size <= maxBytes) {
        // Within the file cap, over what the load may still read: the load's bound stops it.
        leaveOut(allowance, { ...at(l, where), file: real, reason: 'bytes', size: read.size });
        continue;
      }
      if (!read.ok) {
        problem(
          read.reason === 'too-large' ? 'compose/import-too-large' : 'compose/missing-import',
          'error',
          where,
          l,
          read.reason === 'too-large'
            ? `\`@import ${l.spec}\` is ${read.size} bytes, over the ${maxBytes}-byte cap; not imported`
            : `\`@import ${l.spec}\` is not a regular file; not imported`,
        );
        continue;
      }
      seen.add(real);
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
      imports.push({ file: real, spec: l.spec, from: { file: where, line: l.line }, depth, text });
      await visit(own, real, [...chain, real]);
    }
  };

  const lines = importLines(text, firstLine);
  await visit(lines, file, [self]);
  return { text: withoutImports(text, lines, firstLine), imports, diagnostics };
}

// `@import <path>` lines (SPEC S5, seed 001): a skill's body pulls other Markdown files in, each its
// own content block so that it can be cached on its own. Resolution is recursive, with cycles
// detected, a depth bound, and every path confined to the allowed roots (the skill's folder, then
// the project root): `@import ../../etc/passwd` is refused, and so is a link that leads outside.

import path from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { errorCode, type FileSystem, nodeFileSystem } from '../discover/fs.js';
import { DEFAULT_MAX_FILE_BYTES } from '../discover/read.js';
import { repairUtf8 } from '../skill/parse.js';
import { splitFrontmatter } from '../skill/split.js';
import { codeLines } from '../text/fences.js';
import { relativeInside } from '../util/paths.js';

/** How many imports deep a chain may go by default. */
export const DEFAULT_IMPORT_DEPTH = 5;

/** One `@import` line: the path as written, and where it stands. */
export interface ImportLine {
  spec: string;
  /** 1-based line in the text it was found in (plus the text's first line). */
  line: number;
  /** 1-based column of the path. */
  column: number;
}

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
  /** Folders an import may resolve into, tried in order: the skill's folder, then the project root. */
  roots: readonly string[];
  fs?: FileSystem;
  /** Deepest chain of imports followed (default 5). */
  maxDepth?: number;
  /** Largest imported file read (default 1 MiB). */
  maxBytes?: number;
}

/** A text with its imports resolved. */
export interface ResolvedImports {
  /** The text without its `@import` lines. */
  text: string;
  /** Every imported file once, in reading order (a file, then what it imports). */
  imports: ImportedFile[];
  diagnostics: Diagnostic[];
}

const IMPORT = /^( {0,3}@import[ \t]+)(.*?)[ \t]*$/;

/** The `@import` lines of Markdown text, outside fenced code; `firstLine` is the text's first line in its file. */
export function importLines(text: string, firstLine = 1): ImportLine[] {
  const out: ImportLine[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  const code = codeLines(lines);
  for (let i = 0; i < lines.length; i++) {
    if (code[i]) continue;
    const line = lines[i] as string;
    const m = IMPORT.exec(line);
    if (!m || (m[2] as string) === '') continue;
    let spec = m[2] as string;
    // A path may be quoted or in angle brackets, as Markdown link destinations may.
    const quoted = /^(["'<])(.*)(["'>])$/.exec(spec);
    if (quoted && (quoted[1] === '<' ? quoted[3] === '>' : quoted[1] === quoted[3]))
      spec = quoted[2] as string;
    out.push({ spec, line: firstLine + i, column: (m[1] as string).length + 1 });
  }
  return out;
}

/** The text without its `@import` lines (the lines are blanked out, so line numbers hold). */
function withoutImports(text: string, lines: readonly ImportLine[], firstLine: number): string {
  if (lines.length === 0) return text;
  const drop = new Set(lines.map((l) => l.line - firstLine));
  return text
    .split(/(\r\n|\r|\n)/)
    .map((part, i) => (i % 2 === 0 && drop.has(i / 2) ? '' : part))
    .join('');
}

const inside = (dir: string, p: string): boolean => relativeInside(dir, p) !== undefined;

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
  const roots = options.roots.map((r) => path.resolve(r));
  const realRoots = await Promise.all(roots.map((r) => fs.realpath(r).catch(() => r)));
  const imports: ImportedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const self = await fs.realpath(file).catch(() => path.resolve(file));

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
      if (!realRoots.some((r) => inside(r, real))) {
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
      const real = await locate(l.spec, where, l);
      if (real === undefined) continue;
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
        read = await fs.readFile(real, maxBytes);
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
      const bytes = repairUtf8(read.bytes);
      const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
      const split = splitFrontmatter(bytes, bom);
      const body = bytes.toString('utf8', split.kind === 'frontmatter' ? split.bodyStart : bom);
      const bodyLine = split.kind === 'frontmatter' ? split.bodyLine : 1;
      const own = importLines(body, bodyLine);
      const entry: ImportedFile = {
        file: real,
        spec: l.spec,
        from: { file: where, line: l.line },
        depth,
        text: withoutImports(body, own, bodyLine),
      };
      imports.push(entry);
      await visit(own, real, [...chain, real]);
    }
  };

  const lines = importLines(text, firstLine);
  await visit(lines, file, [self]);
  return { text: withoutImports(text, lines, firstLine), imports, diagnostics };
}

// Where an `@import` path leads: a real file inside the allowed roots (the skill's folder, then the
// project root), or a diagnostic at the import line that says why not.

import path from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { errorCode, type FileSystem } from '../files/fs.js';
import { insideAny, relativeInside } from '../util/paths.js';
import type { ImportLine } from './import-lines.js';

/** Where imports may lead: the allowed roots, and their real paths, on a file system. */
export interface ImportRoots {
  fs: FileSystem;
  roots: readonly string[];
  realRoots: readonly string[];
}

/** Is `p` inside the folder `dir` (or `dir` itself)? */
export const inside = (dir: string, p: string): boolean => relativeInside(dir, p) !== undefined;

/** What an import may name: Markdown or plain text, never a key, a config or a binary. */
const TEXT_FILE = /\.(md|markdown|mdx|txt)$/i;

/** Add a diagnostic at the path of the `@import` line `l` in `where`. */
export function importProblem(
  diagnostics: Diagnostic[],
  code: string,
  severity: 'error' | 'warning',
  where: string,
  l: ImportLine,
  message: string,
  data: Record<string, unknown> = {},
): void {
  diagnostics.push(
    diagnostic(code, severity, where, message, {
      start: { line: l.line, column: l.column },
      end: { line: l.line, column: l.column + l.spec.length },
      data: { import: l.spec, ...data },
    }),
  );
}

/** Where the `@import` line `l` of `where` leads: a real path inside a root, or undefined after reporting why not. */
export async function locateImport(
  r: ImportRoots,
  where: string,
  l: ImportLine,
  diagnostics: Diagnostic[],
): Promise<string | undefined> {
  const { fs, roots, realRoots } = r;
  const spec = l.spec;
  const problem = (
    code: string,
    message: string,
    data: Record<string, unknown> = {},
  ): undefined => {
    importProblem(diagnostics, code, 'error', where, l, message, data);
    return undefined;
  };
  if (path.isAbsolute(spec) || spec.startsWith('~') || /^[a-z][a-z0-9+.-]*:/i.test(spec))
    return problem(
      'compose/import-outside-root',
      `\`@import ${spec}\` is refused: an import is a path relative to the skill's folder or the project root`,
    );
  const candidates = roots
    .map((root) => path.resolve(root, spec))
    .filter((p, i) => inside(roots[i] as string, p));
  if (candidates.length === 0)
    return problem(
      'compose/import-outside-root',
      `\`@import ${spec}\` is refused: it leads outside the skill's folder and the project root`,
    );
  for (const candidate of candidates) {
    let real: string;
    try {
      real = await fs.realpath(candidate);
    } catch (e) {
      const code = errorCode(e);
      if (code === 'ENOENT' || code === 'ENOTDIR') continue;
      return problem(
        'compose/missing-import',
        `\`@import ${spec}\` could not be read (${code ?? String(e)})`,
        { code },
      );
    }
    if (!insideAny(realRoots, real))
      return problem(
        'compose/import-outside-root',
        `\`@import ${spec}\` is refused: it is a link to \`${real}\`, outside the skill's folder and the project root`,
        { realPath: real },
      );
    // A file that is not Markdown or text (a key, a config) is never read into a load.
    if (!TEXT_FILE.test(real) && (await fs.stat(real).catch(() => undefined))?.kind === 'file')
      return problem(
        'compose/import-not-text',
        `\`@import ${spec}\` is refused: an import is a Markdown or text file (.md, .markdown, .mdx, .txt)`,
      );
    return real;
  }
  return problem(
    'compose/missing-import',
    `\`@import ${spec}\` names no file (looked in ${roots.join(' and ')})`,
  );
}

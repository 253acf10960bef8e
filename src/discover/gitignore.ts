// Gitignore rules for discovery: a stack of `.gitignore` files, each applying below its folder.

import path from 'node:path';
import type { Ignore } from 'ignore';
import type { FileSystem } from './fs.js';

/** Answers whether a path is ignored by the `.gitignore` files that apply to it. */
export interface GitignoreStack {
  ignores(absPath: string, isDir: boolean): boolean;
}

/** A stack that ignores nothing. */
export const NO_GITIGNORE: GitignoreStack = { ignores: () => false };

let ignoreFactory: ((options?: object) => Ignore) | undefined;

/** Add `<dir>/.gitignore` on top of `parent`. An unreadable file adds nothing. */
export async function loadGitignore(
  fs: FileSystem,
  dir: string,
  parent: GitignoreStack,
): Promise<GitignoreStack> {
  let text: string;
  try {
    const r = await fs.readFile(path.join(dir, '.gitignore'), 1024 * 1024);
    if (!r.ok) return parent;
    text = r.bytes.toString('utf8');
  } catch {
    return parent;
  }
  ignoreFactory ??= (await import('ignore')).default as unknown as (options?: object) => Ignore;
  const ig = ignoreFactory().add(text);
  return {
    ignores(absPath, isDir) {
      const rel = path.relative(dir, absPath);
      if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel))
        return parent.ignores(absPath, isDir);
      const posix = rel.split(path.sep).join('/');
      return ig.ignores(isDir ? `${posix}/` : posix) || parent.ignores(absPath, isDir);
    },
  };
}

/** The stack for `dir` built from every `.gitignore` from `top` down to `dir` (both included). */
export async function gitignoreChain(
  fs: FileSystem,
  top: string,
  dir: string,
): Promise<GitignoreStack> {
  const rel = path.relative(top, dir);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return NO_GITIGNORE;
  let stack = NO_GITIGNORE;
  let cur = top;
  const parts = rel === '' ? [] : rel.split(path.sep);
  for (let i = 0; ; i++) {
    stack = await loadGitignore(fs, cur, stack);
    if (i >= parts.length) return stack;
    cur = path.join(cur, parts[i] as string);
  }
}

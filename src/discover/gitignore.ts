// Gitignore rules for discovery: a stack of `.gitignore` files, each applying below its folder.

import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ignore } from 'ignore';
import type { FileSystem } from '../files/fs.js';
import { relativeInside } from '../util/paths.js';

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
  // Loaded on first need (most roots have no `.gitignore`), by require: the bundled CLI keeps it outside.
  ignoreFactory ??= createRequire(import.meta.url)('ignore') as (options?: object) => Ignore;
  const ig = ignoreFactory().add(text);
  return {
    ignores(absPath, isDir) {
      const rel = relativeInside(dir, absPath);
      if (rel === undefined || rel === '') return parent.ignores(absPath, isDir);
      const posix = rel.split(path.sep).join('/');
      return ig.ignores(isDir ? `${posix}/` : posix) || parent.ignores(absPath, isDir);
    },
  };
}

/** The folders from `top` down to `dir`, both included, whose `.gitignore` files apply to `dir` (none when `dir` is not below `top`). */
export function chainFolders(top: string, dir: string): string[] {
  const rel = relativeInside(top, dir);
  if (rel === undefined) return [];
  const out = [top];
  let cur = top;
  for (const part of rel === '' ? [] : rel.split(path.sep)) {
    cur = path.join(cur, part);
    out.push(cur);
  }
  return out;
}

/** The stack built from the `.gitignore` of each folder of `chain`, outermost first (see chainFolders). */
export async function gitignoreChain(
  fs: FileSystem,
  chain: readonly string[],
): Promise<GitignoreStack> {
  let stack = NO_GITIGNORE;
  for (const folder of chain) stack = await loadGitignore(fs, folder, stack);
  return stack;
}

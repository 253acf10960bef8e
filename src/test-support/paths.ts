// Paths tests share: the repository root and the shared corpora beside it.

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `../shared` beside the repository, as laid out for sessions and CI. */
export const sharedDir = path.resolve(repoRoot, '..', 'shared');

/** The real skill libraries used as test data. */
export const corporaDir = path.join(sharedDir, 'corpora');

/** The built CLI, as installed (the `bin` of package.json). */
export const cliPath = path.join(repoRoot, 'dist', 'cli', 'skillset.cjs');

/** Every source file below `dir` (tests left out), in the order the folders list them. */
export function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) sourceFiles(p, out);
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

// Paths tests share: the repository root and the shared corpora beside it.

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

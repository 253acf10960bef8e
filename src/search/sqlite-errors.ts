// The index's failures as the user can act on them: busy, unreadable (not an index, or damaged),
// unwritable; and our own mark for damage SQLite cannot see.

import { SkillsetError } from '../errors.js';

/**
 * An SQLite failure as the user can act on it: another process holding the index, or a file that is
 * not an index. Anything else is passed through.
 */
export function storeError(e: unknown, file: string): unknown {
  if (e instanceof SkillsetError) return e;
  const code = (e as { code?: unknown }).code;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
    return new SkillsetError(
      'index/busy',
      `The index ${file} is busy: another process is updating it`,
      {
        cause: e,
        hint: 'Try again when it is done, or pass --index with another file.',
      },
    );
  if (isUnreadable(e))
    return new SkillsetError(
      'index/unreadable',
      `${file} is not a readable skillset index (${(e as Error).message})`,
      {
        cause: e,
        hint: 'Delete the file, or pass --index with another path.',
      },
    );
  if (
    code === 'SQLITE_READONLY' ||
    code === 'SQLITE_CANTOPEN' ||
    code === 'SQLITE_IOERR' ||
    code === 'SQLITE_FULL' ||
    code === 'SQLITE_PERM'
  )
    return new SkillsetError(
      'index/unwritable',
      `Cannot write the index ${file}: ${(e as Error).message}`,
      {
        cause: e,
        hint: 'Pass --index with a file in a folder you can write, or free some space.',
      },
    );
  return e;
}

/** The code of our own error for damage SQLite cannot see (a stored document that does not parse). */
const DAMAGED = 'SKILLSET_DAMAGED';

/** Damage found in what the index holds, as SQLite reports damage. */
export function damagedError(message: string): Error {
  return Object.assign(new Error(message), { code: DAMAGED });
}

/** Is this the failure of a file that is not a database, or a damaged one? */
export function isUnreadable(e: unknown): boolean {
  const code = String((e as { code?: unknown } | null)?.code ?? '');
  return code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT') || code === DAMAGED;
}

// A file-system error met while installing, as one line: a folder that cannot be written (read-only,
// another user's, a full disk) is the environment's, not a bug, and the command says which path.

import { SkillsetError } from '../errors.js';

const CODES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'a read-only file system',
  ENOSPC: 'no space left',
  EDQUOT: 'over the disk quota',
  ENOTDIR: 'a file stands where a folder is needed',
  EEXIST: 'something is already there',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many open files',
};

/** `e` as the problem `install/unwritable`, when it is a file-system error; else `e`. */
export function asInstallProblem(e: unknown): unknown {
  const err = e as NodeJS.ErrnoException;
  const why = err && typeof err.code === 'string' ? CODES[err.code] : undefined;
  if (why === undefined || e instanceof SkillsetError) return e;
  return new SkillsetError(
    'install/unwritable',
    `${err.path ?? 'a file'} cannot be written: ${why}; nothing was installed`,
    { hint: 'Run it where you may write, or with --user for your own skills folder.', cause: e },
  );
}

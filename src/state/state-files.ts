// The writes a file state store makes, behind an interface (reads go through the injected
// FileSystem): a whole-or-nothing write, an exclusive create for the lock, a removal.

import nodeFs from 'node:fs';
import path from 'node:path';
import { makeDirs, writeFileAtomically } from '../util/dirs.js';

/** What a file state store writes with. Failures throw errors with a Node-style `code`. */
export interface StateFiles {
  /** Write `text` to `file` whole or not at all (a temporary file renamed into place), its folder made. */
  writeAtomically(file: string, text: string): Promise<void>;
  /** Create `file` with `text` only if it does not exist (its folder made); false when it does. */
  createExclusive(file: string, text: string): Promise<boolean>;
  /** Remove `file`; a missing one is no error. */
  remove(file: string): Promise<void>;
}

/** The real file system's writes (synchronous calls behind the async interface, as nodeFileSystem's). */
export const nodeStateFiles: StateFiles = {
  async writeAtomically(file, text) {
    makeDirs(path.dirname(file));
    writeFileAtomically(file, text);
  },
  async createExclusive(file, text) {
    makeDirs(path.dirname(file));
    try {
      nodeFs.writeFileSync(file, text, { flag: 'wx' });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
  },
  async remove(file) {
    try {
      nodeFs.unlinkSync(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  },
};

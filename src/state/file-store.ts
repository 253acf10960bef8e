// The default StateStore: one JSON file per kind of state, beside the index in the cache folder.
// Reads and writes go through the injected file system; a missing file is the empty state, a damaged
// one a warning and the empty state. An update holds a lock file while it reads, changes and writes
// (whole, through a rename), so concurrent processes lose no update.

import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { lockOn } from '../files/file-lock.js';
import { errorCode, type FileSystem, nodeFileSystem } from '../files/fs.js';
import { stateFileFor } from '../util/dirs.js';
import { parseState, serialiseState } from './state-json.js';
import { noStateStore, type StateKind, type StateRead, type StateStore } from './state-store.js';

/** A state file is small: anything larger is not one of ours. */
const MAX_STATE_BYTES = 8 * 1024 * 1024;

/** Options for fileStateStore. */
export interface FileStateOptions {
  /** The cache folder. */
  cacheDir: string;
  /** What the states belong to: the index's location (one set of states per catalog). */
  key: string;
  /** The file system the states are read from and written to (default: the real one). */
  fs?: FileSystem;
  /** How long an update waits for another's lock before giving up, unkept (default 10 s). */
  lockWaitMs?: number;
  /** A lock older than this was left by a process that died: it is broken (default 30 s). */
  staleLockMs?: number;
}

/** The state of `kind` in `file`: empty when missing, empty with a warning when damaged or unreadable. */
async function readState<T>(
  fs: FileSystem,
  file: string,
  kind: StateKind<T>,
): Promise<StateRead<T>> {
  const fresh = (why: string): StateRead<T> => ({
    state: kind.empty(),
    diagnostics: [
      diagnostic(
        'state/damaged',
        'warning',
        file,
        `The ${kind.name} state file ${why}; starting from an empty state`,
      ),
    ],
  });
  let text: string;
  try {
    const r = await fs.readFile(file, MAX_STATE_BYTES);
    if (!r.ok) return fresh(r.reason === 'too-large' ? 'is too large' : 'is not a file');
    text = r.bytes.toString('utf8');
  } catch (e) {
    const code = errorCode(e);
    if (code === 'ENOENT') return { state: kind.empty(), diagnostics: [] };
    return fresh(`cannot be read (${code ?? (e as Error).message})`);
  }
  const parsed = parseState(text, kind);
  return parsed.ok ? { state: parsed.state, diagnostics: [] } : fresh(parsed.why);
}

/** The state store over files in `cacheDir`. */
export function fileStateStore(o: FileStateOptions): StateStore {
  const fs = o.fs ?? nodeFileSystem;
  const fileOf = (kind: StateKind<unknown>): string =>
    stateFileFor(o.cacheDir, o.key, kind.name) as string;
  const lock = lockOn(fs, o.lockWaitMs ?? 10_000, o.staleLockMs ?? 30_000);
  return {
    read: (kind) => readState(fs, fileOf(kind as StateKind<unknown>), kind),
    async update(kind, change) {
      const file = fileOf(kind as StateKind<unknown>);
      const diagnostics: Diagnostic[] = [];
      try {
        const written = await lock(file, async () => {
          const before = await readState(fs, file, kind);
          diagnostics.push(...before.diagnostics);
          await fs.writeFile(file, serialiseState(change(before.state), kind.sorted));
        });
        return { written, diagnostics };
      } catch {
        // A state that cannot be kept (read-only cache, a file in the folder's place) costs the
        // update, never the command.
        return { written: false, diagnostics };
      }
    },
  };
}

/** The states of the catalog whose index is at `key`: files in `cacheDir`, or none kept without a cache. */
export function stateStoreFor(
  cacheDir: string | false,
  key: string,
  fs: FileSystem | undefined,
): StateStore {
  return cacheDir === false
    ? noStateStore
    : fileStateStore({ cacheDir, key, ...(fs ? { fs } : {}) });
}

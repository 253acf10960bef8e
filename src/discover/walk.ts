// Find SKILL.md folders under one root: flat or recursive, bounded, link-safe, gitignore-aware.

import path from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { SKIPPED_FOLDERS } from '../files/folders.js';
import { type DirEntry, type EntryKind, errorCode, type FileSystem } from '../files/fs.js';
import { followLink } from './follow-link.js';
import { type GitignoreStack, loadGitignore } from './gitignore.js';
import type { WalkWatch } from './walk-cache.js';

/** How to walk a root. */
export interface WalkOptions {
  /** Search below the root's children (`skills/<group>/<name>/SKILL.md`). */
  recursive: boolean;
  /** Deepest folder level read, the root being 0 (recursive walks only). */
  maxDepth: number;
  /** Folders read at most, per root. */
  maxFolders: number;
  /** Take `skill.md` when a folder has no `SKILL.md` (the reference validator does). */
  acceptLowercase?: boolean;
  /** Told of each folder listed, `.gitignore` read and link met (the walk cache records them). */
  watch?: WalkWatch;
}

/** A SKILL.md entry found by the walk (not yet read). */
export interface FoundSkill {
  /** `<dir>/SKILL.md`, as reached (links not resolved). */
  file: string;
  dir: string;
  /** The folder's path relative to the root, POSIX separators (`''` for the root itself). */
  rel: string;
  /** The folder's real path, when known without a syscall (no link on the way). */
  realDir: string;
  /** The entry's kind as readdir reported it. */
  kind: EntryKind;
}

/** What a walk found. */
export interface WalkResult {
  found: FoundSkill[];
  diagnostics: Diagnostic[];
  folders: number;
}

/** A folder being walked, and the folders above it. */
interface Frame {
  dir: string;
  rel: string;
  real: string;
  depth: number;
  /** The skill folder this folder is inside, if any. */
  inSkill: string | undefined;
  ignores: GitignoreStack;
  parent: Frame | undefined;
}

/** A walk in progress: where it runs, and what it found and counted so far. */
interface Walk {
  fs: FileSystem;
  root: string;
  realRoot: string;
  options: WalkOptions;
  maxDepth: number;
  found: FoundSkill[];
  diagnostics: Diagnostic[];
  folders: number;
  cutByDepth: number;
  ignored: number;
  stopped: boolean;
}

/** Walk `root` (an absolute, existing folder whose real path is `realRoot`). */
export async function walkRoot(
  fs: FileSystem,
  root: string,
  realRoot: string,
  options: WalkOptions,
  ignores: GitignoreStack,
): Promise<WalkResult> {
  const walk: Walk = {
    fs,
    root,
    realRoot,
    options,
    maxDepth: options.recursive ? options.maxDepth : 1,
    found: [],
    diagnostics: [],
    folders: 0,
    cutByDepth: 0,
    ignored: 0,
    stopped: false,
  };
  await visit(walk, {
    dir: root,
    rel: '',
    real: realRoot,
    depth: 0,
    inSkill: undefined,
    ignores,
    parent: undefined,
  });
  noteSkipped(walk);
  return { found: walk.found, diagnostics: walk.diagnostics, folders: walk.folders };
}

/** Read one folder: take its SKILL.md, then walk the folders in it. */
async function visit(walk: Walk, frame: Frame): Promise<void> {
  if (walk.stopped) return;
  const { options } = walk;
  const entries = await listFolder(walk, frame.dir);
  if (entries === undefined) return;
  const skillEntry =
    entries.find((e) => e.name === 'SKILL.md') ??
    (options.acceptLowercase ? entries.find((e) => e.name === 'skill.md') : undefined);
  const isSkillRootLevel = !options.recursive && frame.depth === 0;
  noteSkillFile(walk, frame, entries, skillEntry, isSkillRootLevel);
  const inSkill = frame.inSkill ?? (skillEntry && !isSkillRootLevel ? frame.dir : undefined);
  if (!options.recursive && frame.depth >= 1) return;
  if (inSkill && !options.recursive) return;

  let ignoreStack = frame.ignores;
  if (options.watch && entries.some((e) => e.kind === 'symlink')) options.watch.link();
  if (entries.some((e) => e.name === '.gitignore' && e.kind === 'file')) {
    options.watch?.gitignore(path.join(frame.dir, '.gitignore'));
    ignoreStack = await loadGitignore(walk.fs, frame.dir, ignoreStack);
  }
  for (const entry of entries) {
    if (walk.stopped) return;
    if (entry === skillEntry || SKIPPED_FOLDERS.has(entry.name)) continue;
    if (entry.kind !== 'dir' && entry.kind !== 'symlink') continue;
    await visitChild(walk, frame, entry, inSkill, ignoreStack);
  }
}

/** A folder's entries by name, or `undefined` (with a diagnostic when it is unreadable, not gone). */
async function listFolder(walk: Walk, dir: string): Promise<DirEntry[] | undefined> {
  let entries: DirEntry[];
  walk.options.watch?.folder(dir);
  try {
    entries = await walk.fs.readdir(dir);
  } catch (e) {
    const code = errorCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined; // gone since its parent was read
    walk.diagnostics.push(
      diagnostic(
        'discover/unreadable-folder',
        'warning',
        dir,
        `Folder could not be read (${code ?? String(e)}); skills in it are not loaded`,
        {
          data: { code },
        },
      ),
    );
    return undefined;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return entries;
}

/** Take a folder's SKILL.md as found, or say why not (inside another skill, misnamed). */
function noteSkillFile(
  walk: Walk,
  frame: Frame,
  entries: readonly DirEntry[],
  skillEntry: DirEntry | undefined,
  isSkillRootLevel: boolean,
): void {
  if (skillEntry && !isSkillRootLevel) {
    if (frame.inSkill) {
      walk.diagnostics.push(
        diagnostic(
          'discover/nested-skill',
          'warning',
          path.join(frame.dir, skillEntry.name),
          `SKILL.md inside the folder of skill \`${path.basename(frame.inSkill)}\` is part of that skill, not loaded as a skill of its own`,
          { data: { parent: frame.inSkill } },
        ),
      );
    } else {
      walk.found.push({
        file: path.join(frame.dir, skillEntry.name),
        dir: frame.dir,
        rel: frame.rel,
        realDir: frame.real,
        kind: skillEntry.kind,
      });
    }
  } else if (!skillEntry && !frame.inSkill) {
    const misnamed = entries.find((e) => e.name.toLowerCase() === 'skill.md');
    if (misnamed) {
      walk.diagnostics.push(
        diagnostic(
          'discover/misnamed-skill-file',
          'warning',
          path.join(frame.dir, misnamed.name),
          `Unexpected \`${misnamed.name}\`, expected \`SKILL.md\` (the name is case-sensitive); not loaded`,
        ),
      );
    }
  }
}

/** Walk into one folder entry, unless a link, a `.gitignore` or a limit keeps it out. */
async function visitChild(
  walk: Walk,
  frame: Frame,
  entry: DirEntry,
  inSkill: string | undefined,
  ignoreStack: GitignoreStack,
): Promise<void> {
  const child = path.join(frame.dir, entry.name);
  let real = `${frame.real}/${entry.name}`;
  if (entry.kind === 'symlink') {
    const target = await followLink(walk.fs, child, frame, walk.realRoot, walk.diagnostics);
    if (target === undefined) return;
    real = target;
  }
  if (ignoreStack.ignores(child, true)) {
    walk.ignored++;
    return;
  }
  if (frame.depth + 1 > walk.maxDepth) {
    if (!inSkill) walk.cutByDepth++;
    return;
  }
  if (++walk.folders > walk.options.maxFolders) {
    walk.stopped = true;
    walk.diagnostics.push(
      diagnostic(
        'discover/folder-limit',
        'warning',
        walk.root,
        `Stopped after reading ${walk.options.maxFolders} folders under this root; raise maxFolders to read the rest`,
        {
          data: { maxFolders: walk.options.maxFolders },
        },
      ),
    );
    return;
  }
  const rel = frame.rel === '' ? entry.name : `${frame.rel}/${entry.name}`;
  await visit(walk, {
    dir: child,
    rel,
    real,
    depth: frame.depth + 1,
    inSkill,
    ignores: ignoreStack,
    parent: frame,
  });
}

/** Say how many folders the depth limit and `.gitignore` files kept out of the walk. */
function noteSkipped(walk: Walk): void {
  const { cutByDepth, ignored, maxDepth } = walk;
  if (cutByDepth > 0) {
    walk.diagnostics.push(
      diagnostic(
        'discover/depth-limit',
        'info',
        walk.root,
        `${cutByDepth} folder${cutByDepth === 1 ? '' : 's'} deeper than ${maxDepth} levels not searched; raise maxDepth to search them`,
        {
          data: { maxDepth, folders: cutByDepth },
        },
      ),
    );
  }
  if (ignored > 0)
    walk.diagnostics.push(
      diagnostic(
        'discover/gitignored',
        'info',
        walk.root,
        `${ignored} folder${ignored === 1 ? '' : 's'} not searched: a .gitignore ignores ${ignored === 1 ? 'it' : 'them'}`,
        { data: { folders: ignored } },
      ),
    );
}

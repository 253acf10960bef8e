// Find SKILL.md folders under one root: flat or recursive, bounded, link-safe, gitignore-aware.

import path from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { relativeInside } from '../util/paths.js';
import { type EntryKind, errorCode, type FileSystem, linkFailure } from './fs.js';
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

/** Folder levels below a skill folder that its own files are read from (listed, served, watched). */
export const SKILL_FILE_LEVELS = 8;

/** Folders no walk of skills enters: version control and installed dependencies. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['.git', 'node_modules']);

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

/** Walk `root` (an absolute, existing folder whose real path is `realRoot`). */
export async function walkRoot(
  fs: FileSystem,
  root: string,
  realRoot: string,
  options: WalkOptions,
  ignores: GitignoreStack,
): Promise<WalkResult> {
  const found: FoundSkill[] = [];
  const diagnostics: Diagnostic[] = [];
  let folders = 0;
  let cutByDepth = 0;
  let ignored = 0;
  let stopped = false;
  const maxDepth = options.recursive ? options.maxDepth : 1;

  async function visit(frame: Frame): Promise<void> {
    if (stopped) return;
    let entries: Array<{ name: string; kind: EntryKind }>;
    options.watch?.folder(frame.dir);
    try {
      entries = await fs.readdir(frame.dir);
    } catch (e) {
      const code = errorCode(e);
      if (code === 'ENOENT' || code === 'ENOTDIR') return; // gone since its parent was read
      diagnostics.push(
        diagnostic(
          'discover/unreadable-folder',
          'warning',
          frame.dir,
          `Folder could not be read (${code ?? String(e)}); skills in it are not loaded`,
          {
            data: { code },
          },
        ),
      );
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const skillEntry =
      entries.find((e) => e.name === 'SKILL.md') ??
      (options.acceptLowercase ? entries.find((e) => e.name === 'skill.md') : undefined);
    const isSkillRootLevel = !options.recursive && frame.depth === 0;
    if (skillEntry && !isSkillRootLevel) {
      if (frame.inSkill) {
        diagnostics.push(
          diagnostic(
            'discover/nested-skill',
            'warning',
            path.join(frame.dir, skillEntry.name),
            `SKILL.md inside the folder of skill \`${path.basename(frame.inSkill)}\` is part of that skill, not loaded as a skill of its own`,
            { data: { parent: frame.inSkill } },
          ),
        );
      } else {
        found.push({
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
        diagnostics.push(
          diagnostic(
            'discover/misnamed-skill-file',
            'warning',
            path.join(frame.dir, misnamed.name),
            `Unexpected \`${misnamed.name}\`, expected \`SKILL.md\` (the name is case-sensitive); not loaded`,
          ),
        );
      }
    }
    const inSkill = frame.inSkill ?? (skillEntry && !isSkillRootLevel ? frame.dir : undefined);
    if (!options.recursive && frame.depth >= 1) return;
    if (inSkill && !options.recursive) return;

    let ignoreStack = frame.ignores;
    if (options.watch && entries.some((e) => e.kind === 'symlink')) options.watch.link();
    if (entries.some((e) => e.name === '.gitignore' && e.kind === 'file')) {
      options.watch?.gitignore(path.join(frame.dir, '.gitignore'));
      ignoreStack = await loadGitignore(fs, frame.dir, ignoreStack);
    }
    for (const entry of entries) {
      if (stopped) return;
      if (entry === skillEntry || SKIPPED_FOLDERS.has(entry.name)) continue;
      if (entry.kind !== 'dir' && entry.kind !== 'symlink') continue;
      const child = path.join(frame.dir, entry.name);
      let real = `${frame.real}/${entry.name}`;
      if (entry.kind === 'symlink') {
        const target = await followLink(fs, child, frame, realRoot, diagnostics);
        if (target === undefined) continue;
        real = target;
      }
      if (ignoreStack.ignores(child, true)) {
        ignored++;
        continue;
      }
      if (frame.depth + 1 > maxDepth) {
        if (!inSkill) cutByDepth++;
        continue;
      }
      if (++folders > options.maxFolders) {
        stopped = true;
        diagnostics.push(
          diagnostic(
            'discover/folder-limit',
            'warning',
            root,
            `Stopped after reading ${options.maxFolders} folders under this root; raise maxFolders to read the rest`,
            {
              data: { maxFolders: options.maxFolders },
            },
          ),
        );
        return;
      }
      const rel = frame.rel === '' ? entry.name : `${frame.rel}/${entry.name}`;
      await visit({
        dir: child,
        rel,
        real,
        depth: frame.depth + 1,
        inSkill,
        ignores: ignoreStack,
        parent: frame,
      });
    }
  }

  await visit({
    dir: root,
    rel: '',
    real: realRoot,
    depth: 0,
    inSkill: undefined,
    ignores,
    parent: undefined,
  });
  if (cutByDepth > 0) {
    diagnostics.push(
      diagnostic(
        'discover/depth-limit',
        'info',
        root,
        `${cutByDepth} folder${cutByDepth === 1 ? '' : 's'} deeper than ${maxDepth} levels not searched; raise maxDepth to search them`,
        {
          data: { maxDepth, folders: cutByDepth },
        },
      ),
    );
  }
  if (ignored > 0)
    diagnostics.push(
      diagnostic(
        'discover/gitignored',
        'info',
        root,
        `${ignored} folder${ignored === 1 ? '' : 's'} not searched: a .gitignore ignores ${ignored === 1 ? 'it' : 'them'}`,
        { data: { folders: ignored } },
      ),
    );
  return { found, diagnostics, folders };
}

/** The operating system's virtual folders: their files are not skills, and walking them never ends well. */
const SYSTEM_FOLDERS = ['/proc', '/sys', '/dev'] as const;

/** The system folder `real` is in (or is), if any. */
export function systemFolder(real: string): string | undefined {
  return SYSTEM_FOLDERS.find((f) => real === f || real.startsWith(`${f}/`));
}

/** Follow a linked folder entry: its real path, or `undefined` (with a diagnostic) when it dangles, loops or is not a folder. */
async function followLink(
  fs: FileSystem,
  link: string,
  frame: Frame,
  realRoot: string,
  diagnostics: Diagnostic[],
): Promise<string | undefined> {
  let kind: string;
  try {
    kind = (await fs.stat(link)).kind;
  } catch (e) {
    diagnostics.push(await linkFailure(fs, link, e, 'folder'));
    return undefined;
  }
  if (kind !== 'dir') return undefined;
  let real: string;
  try {
    real = await fs.realpath(link);
  } catch (e) {
    // It can vanish between the two calls (a process's folder in /proc), or refuse to resolve.
    diagnostics.push(await linkFailure(fs, link, e, 'folder'));
    return undefined;
  }
  const system = systemFolder(real);
  if (system !== undefined) {
    const target = await fs.readlink(link).catch(() => real);
    diagnostics.push(
      diagnostic(
        'discover/system-folder',
        'warning',
        link,
        `Link \`${target}\` leads into ${system}, a folder of the operating system, not of skills; not followed`,
        { data: { target, real } },
      ),
    );
    return undefined;
  }
  let above = false;
  for (let f: Frame | undefined = frame; f && !above; f = f.parent)
    above = f.real === real || f.real.startsWith(`${real}/`);
  if (above) {
    const target = await fs.readlink(link).catch(() => real);
    diagnostics.push(
      diagnostic(
        'discover/symlink-loop',
        'warning',
        link,
        `Link \`${target}\` leads back to a folder above it; not followed`,
        { data: { target, real } },
      ),
    );
    return undefined;
  }
  // Out of the root, a link is followed only to a skill folder (a skill installed by a link): a link
  // to some other folder (`/usr`, a home folder) would have the walk read a tree that holds no skills.
  if (relativeInside(realRoot, real) === undefined && !(await holdsSkillFile(fs, real))) {
    const target = await fs.readlink(link).catch(() => real);
    diagnostics.push(
      diagnostic(
        'discover/link-outside-root',
        'info',
        link,
        `Link \`${target}\` leads outside the root to a folder with no SKILL.md; not followed (a link out of a root is followed only to a skill folder)`,
        { data: { target, real } },
      ),
    );
    return undefined;
  }
  return real;
}

/** Does the folder hold a SKILL.md (a file, or a link to one)? */
async function holdsSkillFile(fs: FileSystem, dir: string): Promise<boolean> {
  try {
    return (await fs.stat(path.join(dir, 'SKILL.md'))).kind === 'file';
  } catch {
    return false;
  }
}

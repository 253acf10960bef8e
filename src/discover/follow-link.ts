// Follow a linked folder met by a walk: only into a real folder, never into the system's, never back up, never out of the root but to a skill.

import path from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { systemFolder } from '../files/folders.js';
import { type FileSystem, linkFailure } from '../files/fs.js';
import { relativeInside } from '../util/paths.js';

/** A folder the walk is in, and the folders above it up to the root. */
interface Above {
  real: string;
  parent: Above | undefined;
}

/** Follow a linked folder entry (met in `frame`): its real path, or `undefined` (with a diagnostic) when it dangles, loops or is not a folder. */
export async function followLink(
  fs: FileSystem,
  link: string,
  frame: Above,
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
  for (let f: Above | undefined = frame; f && !above; f = f.parent)
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

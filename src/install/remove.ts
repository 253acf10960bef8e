// `skillset remove NAME`: the installed folder and its lock entry go together (journalled, as an
// install is). A folder edited since it was installed is kept unless `--force`: removing it would
// lose the edits.

import path from 'node:path';
import { SkillsetError } from '../errors.js';
import type { InstallContext } from './add.js';
import { commitMoves } from './commit.js';
import { folderManifest } from './manifest.js';
import { type PlaceInput, placeIn } from './place.js';

/** What `remove` is asked. */
export interface RemoveInput extends Omit<PlaceInput, 'cwd' | 'home'> {
  name: string;
  force?: boolean;
}

/** What `remove` did. */
export interface RemoveView {
  lockFile: string;
  removed: string;
  installedAt: string;
}

/** Remove the installed skill `input.name`. */
export async function removeSkill(ctx: InstallContext, input: RemoveInput): Promise<RemoveView> {
  const place = placeIn(ctx, input);
  let installedAt = '';
  await commitMoves(ctx.fs, place.lockFile, async (lock) => {
    const e = lock.skills[input.name];
    if (!e)
      throw new SkillsetError(
        'install/not-installed',
        `\`${input.name}\` is not in ${place.lockFile}`,
        {
          hint: `Installed: ${Object.keys(lock.skills).sort().join(', ') || 'none'}.`,
        },
      );
    installedAt = e.installedAt;
    const target = path.join(place.root, ...e.installedAt.split('/'));
    const there = await ctx.fs.stat(target).catch(() => undefined);
    if (there && !input.force && (await folderManifest(ctx.fs, target)).digest !== e.digest)
      throw new SkillsetError(
        'install/dirty-target',
        `${target} was edited since it was installed`,
        {
          hint: 'Keep your edits elsewhere, or pass --force to remove it anyway.',
        },
      );
    const { [input.name]: _gone, ...skills } = lock.skills;
    return { lock: { version: 1, skills }, moves: there ? [{ target }] : [] };
  });
  return { lockFile: place.lockFile, removed: input.name, installedAt };
}

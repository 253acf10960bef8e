// `skillset verify` and `skillset install`: the installed files against the lock, and the lock's
// skills put back where they are missing or differ. `install --frozen` (CI) changes nothing it would
// have to decide: a skill whose source no longer gives the locked bytes, or an installed skill that
// differs, fails it (exit 1), naming the files.

import { rm } from 'node:fs/promises';
import path from 'node:path';
import { SkillsetError } from '../errors.js';
import type { InstallContext, InstalledSkill } from './add.js';
import { movesFor } from './add.js';
import { auditStaged } from './audit-step.js';
import { commitMoves, settle } from './commit.js';
import { type LockEntry, readLock, sortedEntries } from './lock.js';
import { compareManifests, folderManifest, type ManifestDrift } from './manifest.js';
import { type PlaceInput, placeIn } from './place.js';
import { dropStagingRoot, fetchedTrees, type StagedSkill, stageEntry } from './stage.js';

/** One skill's state against the lock. */
export interface SkillDrift extends ManifestDrift {
  name: string;
  installedAt: string;
  /** The folder is not there at all. */
  absent: boolean;
}

/** What `verify` found. */
export interface VerifyView {
  lockFile: string;
  skills: number;
  /** The skills that differ from the lock (none: all is as locked). */
  drift: SkillDrift[];
}

/** Compare every locked skill's installed files with the lock. */
export async function verifySkills(
  ctx: InstallContext,
  input: Omit<PlaceInput, 'cwd' | 'home'> = {},
): Promise<VerifyView> {
  const place = placeIn(ctx, input);
  await settle(ctx.fs, place.lockFile);
  const lock = await readLock(ctx.fs, place.lockFile);
  const drift: SkillDrift[] = [];
  for (const [name, e] of sortedEntries(lock.skills)) {
    const d = await driftOf(ctx, place.root, name, e);
    if (d) drift.push(d);
  }
  return { lockFile: place.lockFile, skills: Object.keys(lock.skills).length, drift };
}

async function driftOf(
  ctx: InstallContext,
  root: string,
  name: string,
  e: LockEntry,
): Promise<SkillDrift | undefined> {
  const dir = path.join(root, ...e.installedAt.split('/'));
  const there = await ctx.fs.stat(dir).catch(() => undefined);
  const now = there?.kind === 'dir' ? await folderManifest(ctx.fs, dir) : undefined;
  const d = compareManifests(e.files, now?.files ?? []);
  if (now && d.modified.length + d.missing.length + d.extra.length === 0) return undefined;
  return { name, installedAt: e.installedAt, absent: !now, ...d };
}

/** What `install` is asked. */
export interface RestoreInput extends Omit<PlaceInput, 'cwd' | 'home'> {
  /** Change nothing that differs: fail instead (CI). */
  frozen?: boolean;
  /** Replace installed skills edited since. */
  force?: boolean;
}

/** What `install` did, or (frozen) what stopped it. */
export interface RestoreView {
  lockFile: string;
  skills: InstalledSkill[];
  /** `--frozen`: the skills that differ from the lock, installed or fetched; the run changed nothing. */
  failed: SkillDrift[];
}

/** Put every locked skill in place: fetch what is missing or differs, check it against its digest. */
export async function restoreSkills(
  ctx: InstallContext,
  input: RestoreInput = {},
): Promise<RestoreView> {
  const place = placeIn(ctx, input);
  await settle(ctx.fs, place.lockFile);
  const lock = await readLock(ctx.fs, place.lockFile);
  const done: InstalledSkill[] = [];
  const failed: SkillDrift[] = [];
  const todo: Array<[string, LockEntry]> = [];
  for (const [name, e] of sortedEntries(lock.skills)) {
    const d = await driftOf(ctx, place.root, name, e);
    const summary = {
      name,
      installedAt: e.installedAt,
      digest: e.digest,
      files: e.files.length,
      ...(e.commit ? { commit: e.commit } : {}),
    };
    if (!d) done.push({ ...summary, status: 'unchanged' });
    else if (input.frozen && !d.absent) failed.push(d);
    else todo.push([name, e]);
  }
  if (failed.length > 0) return { lockFile: place.lockFile, skills: done, failed };
  const staged: StagedSkill[] = [];
  // Skills of one source at one commit share one fetch.
  const trees = fetchedTrees(ctx.fs);
  try {
    for (const [name, e] of todo) {
      const s = await stageEntry(
        ctx,
        name,
        e,
        e.commit ? { commit: e.commit } : {},
        place.skillsDir,
        trees,
      );
      staged.push(s);
      // What a lock restores is audited again, with the rules it let through.
      s.entry.audit = (await auditStaged(ctx.fs, name, s.staged, e.allowedRisks ?? [])).audit;
      if (s.manifest.digest !== e.digest) {
        const d = compareManifests(e.files, s.manifest.files);
        if (input.frozen) failed.push({ name, installedAt: e.installedAt, absent: false, ...d });
        else
          throw new SkillsetError(
            'install/digest-mismatch',
            `${e.source} no longer gives the locked \`${name}\` (${[...d.modified, ...d.missing, ...d.extra][0] ?? 'its files'} differ)`,
            {
              hint: 'Run `skillset update` to take what the source has now, after reviewing it.',
            },
          );
      }
    }
    if (failed.length > 0) return { lockFile: place.lockFile, skills: done, failed };
    const statuses = new Map<string, InstalledSkill['status']>();
    if (staged.length > 0)
      await commitMoves(ctx.fs, place.lockFile, (now) =>
        movesFor(ctx.fs, now, staged, place, input.force === true, statuses),
      );
    for (const s of staged)
      done.push({
        name: s.name,
        installedAt: s.entry.installedAt,
        digest: s.entry.digest,
        files: s.entry.files.length,
        ...(s.entry.commit ? { commit: s.entry.commit } : {}),
        status: 'restored',
      });
    done.sort((a, b) => (a.name < b.name ? -1 : 1));
    return { lockFile: place.lockFile, skills: done, failed };
  } finally {
    await trees.close();
    for (const s of staged) await rm(s.staged, { recursive: true, force: true });
    await dropStagingRoot(place.skillsDir);
  }
}

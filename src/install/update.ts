// `skillset outdated` and `skillset update [NAME] [--yes]`: which locked skills their source has moved
// past (the ref now names another commit; a folder's files differ), and moving to it. `update`
// first shows what changed that matters (changes.ts) and takes it only with `--yes`.

import { rm } from 'node:fs/promises';
import path from 'node:path';
import { SkillsetError } from '../errors.js';
import { type InstallContext, movesFor } from './add.js';
import { type AuditVerdict, allowedRules, auditStaged } from './audit-step.js';
import { mattersToReview, type SkillChanges, skillChanges } from './changes.js';
import { commitMoves, settle } from './commit.js';
import { fetchTree } from './fetch.js';
import { resolveRef } from './git.js';
import { type LockEntry, readLock, sortedEntries } from './lock.js';
import { folderManifest } from './manifest.js';
import { type PlaceInput, placeIn } from './place.js';
import { parseSource } from './source.js';
import { dropStagingRoot, fetchedTrees, type StagedSkill, stageEntry } from './stage.js';
import { indexedDigest } from './well-known.js';

/** One locked skill against its source now. */
export interface OutdatedSkill {
  name: string;
  source: string;
  ref?: string;
  /** The locked commit, and the one the ref names now (git sources); the artifact digests (well-known). */
  locked?: string;
  latest?: string;
  /** The source gives something other than what is locked. */
  outdated: boolean;
  /** The source could not be asked (unreachable, the ref gone). */
  error?: string;
}

/** What `outdated` found. */
export interface OutdatedView {
  lockFile: string;
  skills: OutdatedSkill[];
}

type Where = Omit<PlaceInput, 'cwd' | 'home'>;

/** Ask each locked skill's source what its ref names now. */
export async function outdatedSkills(
  ctx: InstallContext,
  input: Where = {},
): Promise<OutdatedView> {
  const place = placeIn(ctx, input);
  const lock = await readLock(ctx.fs, place.lockFile);
  const skills: OutdatedSkill[] = [];
  for (const [name, e] of sortedEntries(lock.skills)) skills.push(await latestOf(ctx, name, e));
  return { lockFile: place.lockFile, skills };
}

async function latestOf(ctx: InstallContext, name: string, e: LockEntry): Promise<OutdatedSkill> {
  const base = { name, source: e.source, ...(e.ref ? { ref: e.ref } : {}) };
  try {
    const source = await parseSource(e.source, ctx.cwd, ctx.fs);
    if (source.kind === 'folder') {
      const now = await folderManifest(
        ctx.fs,
        path.join(source.dir, ...e.path.split('/').filter(Boolean)),
      );
      return { ...base, outdated: now.digest !== e.digest };
    }
    if (source.kind === 'archive') {
      const tree = await fetchTree(source, ctx.fs);
      try {
        const dir = path.join(tree.dir, ...e.path.split('/').filter(Boolean));
        return { ...base, outdated: (await folderManifest(ctx.fs, dir)).digest !== e.digest };
      } finally {
        await tree.cleanup();
      }
    }
    if (source.kind === 'well-known') {
      const now = await indexedDigest(source.index, e.path);
      return {
        ...base,
        ...(e.artifact ? { locked: e.artifact.slice('sha256:'.length) } : {}),
        latest: now.slice('sha256:'.length),
        outdated: now !== e.artifact,
      };
    }
    const { commit } = await resolveRef(source.url, e.ref && e.ref !== 'HEAD' ? e.ref : undefined);
    return {
      ...base,
      ...(e.commit ? { locked: e.commit } : {}),
      latest: commit,
      outdated: commit !== e.commit,
    };
  } catch (err) {
    return { ...base, outdated: false, error: (err as Error).message };
  }
}

/** What `update` is asked. */
export interface UpdateInput extends Where {
  /** One skill (default every outdated one). */
  name?: string;
  /** Take the changes; without it, only show them. */
  yes?: boolean;
  /** Replace installed skills edited since. */
  force?: boolean;
  /** Audit rules whose `error` findings to let through, recorded in the lock. */
  allowRisk?: string[];
}

/** One skill `update` looked at. */
export interface UpdatedSkill {
  name: string;
  from?: string;
  to?: string;
  status: 'updated' | 'pending' | 'current';
  changes?: SkillChanges;
  /** The changes hold something to read before taking them (changes.ts), or fail the audit. */
  review?: boolean;
  /** The newer copy's audit, or why it fails it (`--yes` then stops). */
  audit?: AuditVerdict;
  auditFailed?: string;
}

/** What `update` did, or would do. */
export interface UpdateView {
  lockFile: string;
  applied: boolean;
  skills: UpdatedSkill[];
}

/** Move outdated skills to what their source gives now, showing first what changed that matters. */
export async function updateSkills(
  ctx: InstallContext,
  input: UpdateInput = {},
): Promise<UpdateView> {
  const place = placeIn(ctx, input);
  await settle(ctx.fs, place.lockFile);
  const lock = await readLock(ctx.fs, place.lockFile);
  if (input.name !== undefined && !lock.skills[input.name])
    throw new SkillsetError(
      'install/not-installed',
      `\`${input.name}\` is not in ${place.lockFile}`,
    );
  const out: UpdatedSkill[] = [];
  const staged: StagedSkill[] = [];
  // Skills of one source at one commit share one fetch.
  const trees = fetchedTrees(ctx.fs);
  try {
    for (const [name, e] of sortedEntries(lock.skills)) {
      if (input.name !== undefined && name !== input.name) continue;
      const latest = await latestOf(ctx, name, e);
      if (latest.error) throw new SkillsetError('install/git-failed', `${name}: ${latest.error}`);
      if (!latest.outdated) {
        out.push({ name, ...(e.commit ? { from: e.commit } : {}), status: 'current' });
        continue;
      }
      const s = await stageEntry(
        ctx,
        name,
        e,
        // A well-known source's `latest` is a digest, not a commit: its index names the artifact.
        latest.latest && e.sourceType === 'git' ? { commit: latest.latest } : {},
        place.skillsDir,
        trees,
      );
      staged.push(s);
      const allow = [...(e.allowedRisks ?? []), ...(input.allowRisk ?? [])];
      const audited = await auditStaged(ctx.fs, name, s.staged, allow).then(
        (r) => r,
        (err: unknown) => {
          // Shown before --yes; with it, nothing moves.
          if (input.yes || !(err instanceof SkillsetError)) throw err;
          return { failed: err.message };
        },
      );
      if ('audit' in audited) s.entry.audit = audited.audit;
      if (input.allowRisk && input.allowRisk.length > 0) s.entry.allowedRisks = allowedRules(allow);
      const installed = path.join(place.root, ...e.installedAt.split('/'));
      const changes = await skillChanges(
        ctx.fs,
        { dir: installed, files: e.files },
        { dir: s.staged, files: s.manifest.files },
      );
      out.push({
        name,
        ...(e.commit ? { from: e.commit } : {}),
        ...(s.entry.commit ? { to: s.entry.commit } : {}),
        status: input.yes ? 'updated' : 'pending',
        changes,
        review: mattersToReview(changes) || 'failed' in audited,
        ...('failed' in audited ? { auditFailed: audited.failed } : {}),
        ...('audit' in audited ? { audit: audited.audit } : {}),
      });
    }
    if (input.yes && staged.length > 0)
      await commitMoves(ctx.fs, place.lockFile, (now) =>
        movesFor(ctx.fs, now, staged, place, input.force === true, new Map()),
      );
    return {
      lockFile: place.lockFile,
      applied: input.yes === true && staged.length > 0,
      skills: out,
    };
  } finally {
    await trees.close();
    for (const s of staged) await rm(s.staged, { recursive: true, force: true });
    await dropStagingRoot(place.skillsDir);
  }
}

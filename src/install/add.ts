// `skillset add SOURCE`: resolve the source to a commit, fetch that commit, pick its skills, stage a
// copy of each beside the skills folder, and move them into place with the lock (commit.ts). A
// target folder skillset did not install, or one edited since, is left alone unless `--force`.

import { rm } from 'node:fs/promises';
import path from 'node:path';
import { SkillsetError } from '../errors.js';
import type { FileSystem } from '../files/fs.js';
import { type AuditVerdict, allowedRules, auditStaged } from './audit-step.js';
import { commitMoves, type FolderMove } from './commit.js';
import { type FoundSkill, fetchTree, findSkills } from './fetch.js';
import type { LockEntry, LockFile } from './lock.js';
import { relativeTo } from './lock.js';
import { folderManifest, type Manifest } from './manifest.js';
import { type Place, type PlaceInput, placeIn } from './place.js';
import { parseSource, type Source } from './source.js';
import { dropStagingRoot, type StagedSkill, stageSkill } from './stage.js';

/** What `add` is asked. */
export interface AddInput extends Omit<PlaceInput, 'cwd' | 'home'> {
  source: string;
  /** Only these skills of the source (default all). */
  skills?: string[];
  /** A branch, tag or commit (else the source's `#ref`, else HEAD). */
  ref?: string;
  /** Replace a folder skillset did not install, or one edited since. */
  force?: boolean;
  /** Audit rules whose `error` findings to let through, recorded in the lock. */
  allowRisk?: string[];
}

/** One skill `add` (or `install`) dealt with. */
export interface InstalledSkill {
  name: string;
  installedAt: string;
  digest: string;
  files: number;
  commit?: string;
  status: 'added' | 'updated' | 'unchanged' | 'restored';
  /** The audit's verdict on what was installed. */
  audit?: AuditVerdict['verdict'];
}

/** What `add` did. */
export interface AddView {
  lockFile: string;
  skills: InstalledSkill[];
  /** Files left out of a copy (links out of the skill, FIFOs, files over 50 MB), per skill. */
  skipped: Array<{ name: string; file: string }>;
  /** What the source had that was not taken: a well-known index's unusable entries, say. */
  warnings?: string[];
}

/** The context every install command runs in. */
export interface InstallContext {
  fs: FileSystem;
  cwd: string;
  home?: string;
}

/** Add the skills of `input.source`. */
export async function addSkills(ctx: InstallContext, input: AddInput): Promise<AddView> {
  const place = placeIn(ctx, input);
  const source = await parseSource(input.source, ctx.cwd, ctx.fs);
  if (source.kind === 'well-known' && input.ref)
    throw new SkillsetError('usage/invalid-source', 'A well-known index takes no `--ref`');
  const tree = await fetchTree(source, ctx.fs, {
    ...(input.ref ? { ref: input.ref } : {}),
    ...(input.skills ? { skills: input.skills } : {}),
  });
  const staged: StagedSkill[] = [];
  const skipped: AddView['skipped'] = [];
  try {
    const chosen = pick(await findSkills(ctx.fs, tree.dir), input.skills, source.spec);
    for (const s of chosen) {
      const copy = await stageSkill(ctx.fs, s.dir, place.skillsDir);
      for (const f of copy.skipped) skipped.push({ name: s.name, file: f });
      const entry = entryOf(source, tree, s, copy.manifest, place);
      staged.push({ name: s.name, staged: copy.staged, manifest: copy.manifest, entry });
      const { audit } = await auditStaged(ctx.fs, s.name, copy.staged, input.allowRisk ?? []);
      entry.audit = audit;
      if (input.allowRisk && input.allowRisk.length > 0)
        entry.allowedRisks = allowedRules(input.allowRisk);
    }
    const statuses = new Map<string, InstalledSkill['status']>();
    await commitMoves(ctx.fs, place.lockFile, (lock) =>
      movesFor(ctx.fs, lock, staged, place, input.force === true, statuses),
    );
    return {
      lockFile: place.lockFile,
      skills: staged.map((s) => ({
        name: s.name,
        installedAt: s.entry.installedAt,
        digest: s.entry.digest,
        files: s.entry.files.length,
        ...(s.entry.commit ? { commit: s.entry.commit } : {}),
        status: statuses.get(s.name) ?? 'unchanged',
        ...(s.entry.audit ? { audit: s.entry.audit.verdict } : {}),
      })),
      skipped,
      ...(tree.warnings && tree.warnings.length > 0 ? { warnings: tree.warnings } : {}),
    };
  } finally {
    for (const s of staged) await rm(s.staged, { recursive: true, force: true });
    await dropStagingRoot(place.skillsDir);
    await tree.cleanup();
  }
}

/** The skills asked for, or all of them; an unknown name is a usage problem naming the ones there are. */
function pick(
  found: FoundSkill[],
  names: readonly string[] | undefined,
  spec: string,
): FoundSkill[] {
  if (found.length === 0)
    throw new SkillsetError('install/no-skills', `${spec} holds no skill (no SKILL.md found)`);
  const byName = new Map<string, FoundSkill>();
  for (const f of found) if (!byName.has(f.name)) byName.set(f.name, f);
  if (!names || names.length === 0) return [...byName.values()];
  return names.map((n) => {
    const f = byName.get(n);
    if (!f)
      throw new SkillsetError('install/unknown-skill', `${spec} has no skill \`${n}\``, {
        hint: `It has: ${[...byName.keys()].slice(0, 20).join(', ')}${byName.size > 20 ? ', …' : ''}.`,
      });
    return f;
  });
}

function entryOf(
  source: Source,
  tree: { commit?: string; ref?: string; artifacts?: Record<string, string> },
  s: FoundSkill,
  m: Manifest,
  place: Place,
): LockEntry {
  const inSource =
    source.kind === 'git' ? [source.subpath, s.rel].filter(Boolean).join('/') : s.rel;
  return {
    source: source.spec,
    sourceType: source.kind,
    ...(tree.ref ? { ref: tree.ref } : {}),
    ...(tree.commit ? { commit: tree.commit } : {}),
    ...(tree.artifacts?.[s.rel] ? { artifact: tree.artifacts[s.rel] } : {}),
    path: inSource,
    installedAt: relativeTo(place.root, path.join(place.skillsDir, s.name)),
    digest: m.digest,
    files: m.files,
  };
}

/** The moves and the new lock for `staged`; a dirty target stops the whole command, nothing moved. */
export async function movesFor(
  fs: FileSystem,
  lock: LockFile,
  staged: readonly StagedSkill[],
  place: Place,
  force: boolean,
  statuses: Map<string, InstalledSkill['status']>,
): Promise<{ lock: LockFile; moves: FolderMove[] } | undefined> {
  const skills = { ...lock.skills };
  const moves: FolderMove[] = [];
  for (const s of staged) {
    const target = path.join(place.root, ...s.entry.installedAt.split('/'));
    const had = lock.skills[s.name];
    if (had && had.installedAt !== s.entry.installedAt)
      throw new SkillsetError(
        'install/name-taken',
        `\`${s.name}\` is installed at ${had.installedAt} already`,
        {
          hint: `One lock holds one skill of a name: \`skillset remove ${s.name}\` first to install it at ${s.entry.installedAt}.`,
        },
      );
    const now = await fs.stat(target).then(
      () => folderManifest(fs, target),
      () => undefined,
    );
    if (now && !force) {
      if (!had)
        throw new SkillsetError(
          'install/dirty-target',
          `${target} exists and was not installed by skillset`,
          {
            hint: 'Move it away, or pass --force to replace it.',
          },
        );
      if (now.digest !== had.digest)
        throw new SkillsetError(
          'install/dirty-target',
          `${target} was edited since it was installed`,
          {
            hint: 'Keep your edits elsewhere, or pass --force to replace them.',
          },
        );
    }
    const allowedRisks = s.entry.allowedRisks ?? had?.allowedRisks;
    skills[s.name] = { ...s.entry, ...(allowedRisks ? { allowedRisks } : {}) };
    if (now?.digest === s.manifest.digest && had && sameEntry(had, s.entry)) {
      statuses.set(s.name, 'unchanged');
      continue;
    }
    statuses.set(s.name, had || now ? 'updated' : 'added');
    if (now?.digest !== s.manifest.digest) moves.push({ target, staged: s.staged });
  }
  const next: LockFile = { version: 1, skills };
  return moves.length === 0 && staged.every((s) => statuses.get(s.name) === 'unchanged')
    ? undefined
    : { lock: next, moves };
}

const sameEntry = (a: LockEntry, b: LockEntry): boolean =>
  a.audit?.verdict === b.audit?.verdict &&
  a.digest === b.digest &&
  a.commit === b.commit &&
  a.artifact === b.artifact &&
  a.source === b.source &&
  a.path === b.path &&
  a.ref === b.ref;

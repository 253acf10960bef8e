// `skillset import`: take over skills another tool installed, so a project can switch. It reads an
// `npx skills` project lock (`skills-lock.json` v1: source, ref, sourceType and a hash over the
// files) and `gh skill` provenance (`metadata.github-*` in an installed SKILL.md), finds each skill
// where it is installed, and locks what is there now. A git source is fetched at its ref to learn the
// commit: the commit is locked only when that commit gives the installed bytes.

import { createHash } from 'node:crypto';
import path from 'node:path';
import { AGENT_PRESETS } from '../agents/registry.js';
import { SkillsetError } from '../errors.js';
import type { FileSystem } from '../files/fs.js';
import { parseSkillFile } from '../skill/parse.js';
import type { InstallContext } from './add.js';
import { fetchTree, findSkills } from './fetch.js';
import { type LockEntry, relativeTo, updateLock } from './lock.js';
import { folderManifest } from './manifest.js';
import { type Place, type PlaceInput, placeIn } from './place.js';
import { parseSource } from './source.js';

/** What `import` is asked. */
export interface ImportInput extends Omit<PlaceInput, 'cwd' | 'home'> {
  /** The `npx skills` lock (default `skills-lock.json` in the project). */
  from?: string;
  /** Do not fetch sources to learn their commits. */
  offline?: boolean;
}

/** One skill `import` took over, or left. */
export interface ImportedSkill {
  name: string;
  /** Where its provenance came from. */
  from: 'skills-lock' | 'gh-skill';
  status: 'imported' | 'skipped';
  installedAt?: string;
  commit?: string;
  /** Why it was skipped, or what to know about it. */
  note?: string;
}

/** What `import` did. */
export interface ImportView {
  lockFile: string;
  skills: ImportedSkill[];
}

/** The hash `npx skills` keeps: SHA-256 over each file's relative path then bytes, by path. */
export async function npxSkillsHash(fs: FileSystem, dir: string): Promise<string> {
  const files: Array<{ rel: string; bytes: Buffer }> = [];
  const walk = async (at: string, rel: string): Promise<void> => {
    for (const e of await fs.readdir(at)) {
      const p = path.join(at, e.name);
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.kind === 'dir' && e.name !== '.git' && e.name !== 'node_modules') await walk(p, r);
      else if (e.kind === 'file') {
        const read = await fs.readFile(p, 64 * 1024 * 1024);
        if (read.ok) files.push({ rel: r, bytes: read.bytes });
      }
    }
  };
  await walk(dir, '');
  files.sort((a, b) => a.rel.localeCompare(b.rel));
  const h = createHash('sha256');
  for (const f of files) h.update(f.rel).update(f.bytes);
  return h.digest('hex');
}

interface Candidate {
  name: string;
  from: ImportedSkill['from'];
  source: string;
  sourceType: string;
  ref?: string;
  /** The skill's folder in its source, when the provenance says. */
  path?: string;
  /** `npx skills`'s hash, to check the installed folder against. */
  computedHash?: string;
  /** The folder, when the provenance came from it. */
  dir?: string;
}

/** Import the skills another tool installed into `skillset.lock.json`. */
export async function importSkills(
  ctx: InstallContext,
  input: ImportInput = {},
): Promise<ImportView> {
  const place = placeIn(ctx, input);
  const found = [
    ...(await fromSkillsLock(
      ctx,
      path.resolve(ctx.cwd, input.from ?? 'skills-lock.json'),
      input.from !== undefined,
    )),
    ...(await fromGhProvenance(ctx.fs, skillFolders(place, input.user === true))),
  ];
  const out: ImportedSkill[] = [];
  const entries = new Map<string, LockEntry>();
  for (const c of found) {
    if (entries.has(c.name)) continue;
    const r = await entryFor(ctx, c, place, input.offline === true);
    out.push(r.view);
    if (r.entry) entries.set(c.name, r.entry);
  }
  await updateLock(ctx.fs, place.lockFile, async (lock) => {
    const skills = { ...lock.skills };
    for (const v of out) {
      const e = entries.get(v.name);
      if (!e) continue;
      if (skills[v.name]) {
        v.status = 'skipped';
        v.note = 'already in skillset.lock.json';
        continue;
      }
      skills[v.name] = e;
    }
    return { version: 1, skills };
  });
  return { lockFile: place.lockFile, skills: out };
}

/** Every agent's skills folders in the project (or the user's), first the place's own. */
function skillFolders(place: Place, user: boolean): string[] {
  const dirs = [place.skillsDir];
  for (const p of Object.values(AGENT_PRESETS))
    for (const f of user ? p.user : p.project) dirs.push(path.join(place.root, f));
  return [...new Set(dirs)];
}

async function fromSkillsLock(
  ctx: InstallContext,
  file: string,
  named: boolean,
): Promise<Candidate[]> {
  const read = await ctx.fs.readFile(file, 16 * 1024 * 1024).catch(() => undefined);
  if (!read?.ok) {
    if (named) throw new SkillsetError('install/lock-unreadable', `${file} cannot be read`);
    return [];
  }
  let lock: { version?: unknown; skills?: Record<string, Record<string, unknown>> };
  try {
    lock = JSON.parse(read.bytes.toString('utf8'));
  } catch (e) {
    throw new SkillsetError(
      'install/lock-unreadable',
      `${file} is not JSON (${(e as Error).message})`,
    );
  }
  if (lock.version !== 1 || typeof lock.skills !== 'object' || lock.skills === null)
    throw new SkillsetError(
      'install/lock-unreadable',
      `${file} is not an npx skills lock (version 1)`,
    );
  return Object.entries(lock.skills)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, e]) => ({
      name,
      from: 'skills-lock' as const,
      source: String(e.source ?? ''),
      sourceType: String(e.sourceType ?? ''),
      ...(typeof e.ref === 'string' ? { ref: e.ref } : {}),
      ...(typeof e.computedHash === 'string' ? { computedHash: e.computedHash } : {}),
    }));
}

/** Skills whose SKILL.md carries `gh skill`'s `metadata.github-repo` (and ref, pin, path). */
async function fromGhProvenance(fs: FileSystem, folders: readonly string[]): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (const root of folders)
    for (const e of await fs.readdir(root).catch(() => [])) {
      if (e.kind !== 'dir') continue;
      const dir = path.join(root, e.name);
      const read = await fs
        .readFile(path.join(dir, 'SKILL.md'), 1024 * 1024)
        .catch(() => undefined);
      if (!read?.ok) continue;
      const meta = parseSkillFile(read.bytes, path.join(dir, 'SKILL.md')).raw.metadata as
        | Record<string, unknown>
        | undefined;
      const repo = meta?.['github-repo'];
      if (typeof repo !== 'string') continue;
      const pinned = meta?.['github-pinned'];
      const ref = typeof pinned === 'string' ? pinned : meta?.['github-ref'];
      out.push({
        name: e.name,
        from: 'gh-skill',
        source: repo.replace(/^https:\/\/github\.com\//, '').replace(/\.git$/, ''),
        sourceType: 'github',
        ...(typeof ref === 'string' ? { ref } : {}),
        ...(typeof meta?.['github-path'] === 'string'
          ? { path: meta['github-path'] as string }
          : {}),
        dir,
      });
    }
  return out;
}

/** The lock entry for `c`: found where it is installed, checked, its commit learned when it can be. */
async function entryFor(
  ctx: InstallContext,
  c: Candidate,
  place: Place,
  offline: boolean,
): Promise<{ view: ImportedSkill; entry?: LockEntry }> {
  const skip = (note: string) => ({
    view: { name: c.name, from: c.from, status: 'skipped' as const, note },
  });
  const type =
    c.sourceType === 'local'
      ? 'folder'
      : ['github', 'git'].includes(c.sourceType)
        ? 'git'
        : undefined;
  if (!type) return skip(`source type \`${c.sourceType}\` is not one skillset installs from`);
  let dir = c.dir;
  if (!dir)
    for (const root of skillFolders(place, false)) {
      const d = path.join(root, c.name);
      if ((await ctx.fs.stat(d).catch(() => undefined))?.kind === 'dir') {
        dir = d;
        break;
      }
    }
  if (!dir) return skip('not installed in any skills folder here');
  const notes: string[] = [];
  if (c.computedHash && (await npxSkillsHash(ctx.fs, dir)) !== c.computedHash)
    notes.push('its files changed since npx skills installed them');
  const installed = await folderManifest(ctx.fs, dir);
  const entry: LockEntry = {
    source: c.source,
    sourceType: type,
    ...(c.ref ? { ref: c.ref } : {}),
    path: c.path ?? '',
    installedAt: relativeTo(place.root, dir),
    digest: installed.digest,
    files: installed.files,
  };
  if (type === 'git' && !offline) {
    const pinned = await pinCommit(ctx, c, installed.digest).catch((e: Error) => ({
      note: e.message,
    }));
    if ('commit' in pinned) Object.assign(entry, { commit: pinned.commit, path: pinned.path });
    else notes.push(pinned.note);
  }
  const view: ImportedSkill = {
    name: c.name,
    from: c.from,
    status: 'imported',
    installedAt: entry.installedAt,
    ...(entry.commit ? { commit: entry.commit } : {}),
    ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
  };
  return { view, entry };
}

/** Fetch `c`'s source at its ref: the commit, when that commit gives the installed files. */
async function pinCommit(
  ctx: InstallContext,
  c: Candidate,
  digest: string,
): Promise<{ commit: string; path: string } | { note: string }> {
  const source = await parseSource(c.ref ? `${c.source}#${c.ref}` : c.source, ctx.cwd, ctx.fs);
  const tree = await fetchTree(source, ctx.fs);
  try {
    const skills = await findSkills(ctx.fs, tree.dir);
    const match = skills.find((s) => (c.path ? s.rel === c.path : s.name === c.name));
    if (!match || !tree.commit)
      return { note: `${c.source} has no skill \`${c.name}\` at ${tree.ref ?? 'HEAD'}` };
    const there = await folderManifest(ctx.fs, match.dir);
    if (there.digest !== digest)
      return {
        note: `${c.source} at ${tree.ref ?? 'HEAD'} gives other files than those installed: no commit is locked; review, then \`skillset update --yes\``,
      };
    const sub = source.kind === 'git' ? source.subpath : '';
    return { commit: tree.commit, path: [sub, match.rel].filter(Boolean).join('/') };
  } finally {
    await tree.cleanup();
  }
}

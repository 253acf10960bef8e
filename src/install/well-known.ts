// A site's Agent Skills discovery index as a source (`skillset add https://example.com`): read
// `/.well-known/agent-skills/index.json` (schema 0.2.0), download the artifact of each skill asked
// for, check its sha256 against the index before anything is unpacked, and lay each out as
// `<tmp>/<name>/` for the rest of `add` to audit, stage and lock like any other tree.

import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DISCOVERY_SCHEMA, SPEC_NAME } from '../agents/well-known.js';
import { SkillsetError } from '../errors.js';
import { isArchive, unpackArchive } from './archive.js';
import { checkUrl, getBytes } from './http.js';

/** The most an index, and an artifact, may be. */
export const WELL_KNOWN_LIMITS = { indexBytes: 8 * 1024 * 1024, artifactBytes: 64 * 1024 * 1024 };

const INDEX_PATH = '.well-known/agent-skills/index.json';

/**
 * The index URL `spec` names when it is a well-known source: an `https://` (or loopback `http://`)
 * site root, or a URL ending in `/.well-known/agent-skills/index.json` (or that folder). Undefined
 * for any other URL, which stays a git URL.
 */
export function wellKnownIndex(spec: string): string | undefined {
  if (!/^https?:\/\//i.test(spec)) return undefined;
  let u: URL;
  try {
    u = new URL(spec);
  } catch {
    return undefined;
  }
  const folder = /^(.*\/)\.well-known\/agent-skills\/?(?:index\.json)?$/.exec(u.pathname);
  if (u.pathname === '/' && u.search === '') u.pathname = `/${INDEX_PATH}`;
  else if (folder) u.pathname = `${folder[1]}${INDEX_PATH}`;
  else return undefined;
  checkUrl(u);
  return u.href;
}

/** One usable entry of an index: its artifact's URL resolved against the index's. */
export interface IndexSkill {
  name: string;
  type: 'skill-md' | 'archive';
  url: string;
  digest: string;
}

const entrySchema = z.object({
  name: z.string().regex(SPEC_NAME),
  type: z.string(),
  url: z.string().min(1),
  digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
});

const badIndex = (url: string, why: string) =>
  new SkillsetError('install/bad-index', `${url} is not an Agent Skills index: ${why}`);

/** The usable entries of an index's bytes, by name; entries it cannot use are named in `warnings`. */
export function parseIndex(
  bytes: Buffer,
  url: string,
): { skills: Map<string, IndexSkill>; warnings: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    throw badIndex(url, (e as Error).message);
  }
  const top = z.object({ $schema: z.string(), skills: z.array(z.unknown()) }).safeParse(json);
  if (!top.success) throw badIndex(url, 'no `$schema` and `skills`');
  if (top.data.$schema !== DISCOVERY_SCHEMA)
    throw badIndex(
      url,
      `its \`$schema\` is ${top.data.$schema}; skillset reads ${DISCOVERY_SCHEMA}`,
    );
  const skills = new Map<string, IndexSkill>();
  const warnings: string[] = [];
  top.data.skills.forEach((raw, i) => {
    const e = entrySchema.safeParse(raw);
    const label = e.success ? `\`${e.data.name}\`` : `entry ${i + 1}`;
    const why = !e.success
      ? `${e.error.issues[0]?.path.join('.') || 'it'}: ${e.error.issues[0]?.message}`
      : e.data.type !== 'skill-md' && e.data.type !== 'archive'
        ? `type \`${e.data.type}\` is not one skillset reads`
        : skills.has(e.data.name)
          ? 'a second entry of that name'
          : undefined;
    if (why !== undefined || !e.success) {
      warnings.push(`${url}: ${label} skipped (${why})`);
      return;
    }
    const type = e.data.type as IndexSkill['type'];
    try {
      const at = new URL(e.data.url, url);
      checkUrl(at);
      skills.set(e.data.name, { ...e.data, type, url: at.href });
    } catch (err) {
      warnings.push(`${url}: ${label} skipped (${(err as Error).message})`);
    }
  });
  return { skills, warnings };
}

/** Is the artifact a zip? Its Content-Type says, else its URL's ending, else its first bytes. */
function isZip(contentType: string, url: string, bytes: Buffer): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/zip') return true;
  if (/^application\/(?:x-)?(?:gzip|tar|gtar)$/.test(type)) return false;
  const { pathname } = new URL(url);
  if (isArchive(pathname)) return /\.zip$/i.test(pathname);
  return bytes[0] === 0x50 && bytes[1] === 0x4b;
}

const sha256 = (b: Buffer): string => `sha256:${createHash('sha256').update(b).digest('hex')}`;

/** Download `skill`'s artifact, check its digest, and lay it out in `dir`; the entries left out. */
async function fetchArtifact(skill: IndexSkill, dir: string): Promise<string[]> {
  const got = await getBytes(skill.url, WELL_KNOWN_LIMITS.artifactBytes);
  const digest = sha256(got.bytes);
  if (digest !== skill.digest)
    throw new SkillsetError(
      'install/digest-mismatch',
      `${got.url} has sha256 ${digest.slice(7, 19)}…, the index says ${skill.digest.slice(7, 19)}…; nothing was installed`,
      { hint: 'The file was changed or damaged after the index was written; ask its publisher.' },
    );
  await mkdir(dir, { recursive: true });
  if (skill.type === 'skill-md') {
    await writeFile(path.join(dir, 'SKILL.md'), got.bytes);
    return [];
  }
  const zip = isZip(got.contentType, got.url, got.bytes);
  const skipped = await unpackArchive(got.url, got.bytes, dir, undefined, zip);
  const root = await stat(path.join(dir, 'SKILL.md')).catch(() => undefined);
  if (!root?.isFile())
    throw new SkillsetError('install/bad-archive', `${got.url} has no SKILL.md at its root`);
  return skipped.map((s) => `${skill.name}/${s}`);
}

/** A well-known source's skills, fetched and checked, each at `<dir>/<name>/`. */
export interface WellKnownTree {
  dir: string;
  /** Each skill's artifact digest, as the index gave it, by name. */
  artifacts: Record<string, string>;
  /** Entries of the index not used, and archive entries left out. */
  warnings: string[];
  cleanup(): Promise<void>;
}

/** Read the index at `indexUrl` and fetch the skills `names` (default all), every digest checked first. */
export async function fetchWellKnown(
  indexUrl: string,
  names?: readonly string[],
): Promise<WellKnownTree> {
  const index = await getBytes(indexUrl, WELL_KNOWN_LIMITS.indexBytes);
  // Relative URLs resolve against where the index was found, after redirects (RFC 3986, 5.1.3).
  const { skills, warnings } = parseIndex(index.bytes, index.url);
  const chosen = pickEntries(skills, names, indexUrl);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'skillset-well-known-'));
  const cleanup = () => rm(tmp, { recursive: true, force: true });
  try {
    const artifacts: Record<string, string> = {};
    for (const s of chosen) {
      const skipped = await fetchArtifact(s, path.join(tmp, s.name));
      warnings.push(...skipped.map((x) => `skipped ${x}`));
      artifacts[s.name] = s.digest;
    }
    return { dir: tmp, artifacts, warnings, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/** The digest the index at `indexUrl` gives `name`'s artifact now (`outdated` downloads nothing else). */
export async function indexedDigest(indexUrl: string, name: string): Promise<string> {
  const index = await getBytes(indexUrl, WELL_KNOWN_LIMITS.indexBytes);
  const s = parseIndex(index.bytes, index.url).skills.get(name);
  if (!s) throw new SkillsetError('install/no-skills', `${indexUrl} no longer lists \`${name}\``);
  return s.digest;
}

/** The entries asked for, or all; an unknown name is a usage problem naming the ones there are. */
function pickEntries(
  skills: Map<string, IndexSkill>,
  names: readonly string[] | undefined,
  spec: string,
): IndexSkill[] {
  if (skills.size === 0)
    throw new SkillsetError('install/no-skills', `${spec} lists no skill skillset can read`);
  if (!names || names.length === 0) return [...skills.values()];
  return names.map((n) => {
    const s = skills.get(n);
    if (!s)
      throw new SkillsetError('install/unknown-skill', `${spec} has no skill \`${n}\``, {
        hint: `It has: ${[...skills.keys()].slice(0, 20).join(', ')}${skills.size > 20 ? ', …' : ''}.`,
      });
    return s;
  });
}

// Who may run shell: trust follows content, not names. A skill's own scope decides for its file;
// text composed from several files (a skill, its `extends` parents, its imports) is trusted only as
// far as its least trusted part; and an approval binds the digest of every file the expansion reads.

import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Skill } from '../skill/types.js';
import { insideAny, relativeInside } from '../util/paths.js';

/** Scopes whose skills the user installed for themselves (or an admin did): trusted to run shell. */
const TRUSTED_SCOPES: ReadonlySet<string> = new Set(['user', 'managed', 'plugin']);

/** What the host and the user's config grant. */
export interface TrustGrant {
  /** Every skill that came with a folder is trusted. */
  trustProject: boolean;
  /** Folders whose skills are trusted (real paths). */
  trustedFolders?: readonly string[];
  /** The skill came from a remote origin (an MCP server): never trusted. */
  remote?: boolean;
}

/**
 * May `skill`'s own text run shell? User, managed and plugin skills may; skills that came with a
 * folder (project, nested, added folders and explicit roots, `.claude/commands`) only when the host
 * trusts the project or the skill is in a trusted folder; a remote skill never.
 */
export function isTrusted(skill: Pick<Skill, 'source' | 'realPath'>, g: TrustGrant): boolean {
  if (g.remote) return false;
  if (TRUSTED_SCOPES.has(skill.source.scope) || g.trustProject) return true;
  return insideAny(g.trustedFolders ?? [], path.dirname(skill.realPath));
}

/** One file an expansion reads, and whether its source is trusted. */
export interface TrustPart {
  file: string;
  role: 'skill' | 'parent' | 'import';
  /** The skill it belongs to (an import: the skill whose file imports it). */
  skill: string;
  /** Where it comes from: a skill's scope, or `project` for an import from the project root. */
  from: string;
  trusted: boolean;
  /** sha256 of what was read. */
  hash: string;
}

/** The composed text's trust: the least trusted part decides, and says why. */
export function composedTrust(parts: readonly TrustPart[]): {
  trusted: boolean;
  because?: string;
} {
  const weak = parts.find((p) => !p.trusted);
  if (!weak) return { trusted: true };
  // The skill's own source needs no more words than "untrusted source".
  if (weak.role === 'skill') return { trusted: false };
  const what =
    weak.role === 'parent'
      ? `it extends \`${weak.skill}\`, a ${weak.from} skill`
      : `it imports ${path.basename(weak.file)} from ${weak.from === 'project' ? 'the project' : `a ${weak.from} skill`}`;
  return { trusted: false, because: what };
}

/** A skill composed into an expansion: its record, and the hash of its file as read now. */
export interface ComposedPart {
  skill: Pick<Skill, 'id' | 'path' | 'realPath' | 'source'>;
  contentHash: string;
}

/**
 * Each file an expansion reads, in reading order, with its source's trust: the skill, then each
 * `extends` parent, then each import. An import inside the real folder of a composed skill is that
 * skill's; one from the project root is trusted only when the project is.
 */
export function trustParts(
  composed: readonly ComposedPart[],
  imports: ReadonlyArray<{ file: string; text: string }>,
  g: TrustGrant,
): TrustPart[] {
  const parts: TrustPart[] = composed.map((c, i) => ({
    file: c.skill.path,
    role: i === 0 ? 'skill' : 'parent',
    skill: c.skill.id,
    from: c.skill.source.scope,
    trusted: isTrusted(c.skill, g),
    hash: c.contentHash,
  }));
  const first = parts[0];
  if (!first) return parts;
  const owners = composed.map((c, i) => ({
    dir: path.dirname(c.skill.realPath),
    part: parts[i] as TrustPart,
  }));
  for (const imp of imports) {
    const owner = owners.find((o) => relativeInside(o.dir, imp.file) !== undefined)?.part;
    parts.push({
      file: imp.file,
      role: 'import',
      skill: (owner ?? first).skill,
      ...(owner
        ? { from: owner.from, trusted: owner.trusted }
        : {
            from: 'project',
            trusted: !g.remote && (g.trustProject || insideAny(g.trustedFolders ?? [], imp.file)),
          }),
      hash: createHash('sha256').update(imp.text).digest('hex'),
    });
  }
  return parts;
}

/**
 * The digest an approval binds: the skill's content hash when it reads nothing else, else one
 * sha256 over every part (role, file and hash), in reading order.
 */
export function expansionDigest(
  parts: readonly Pick<TrustPart, 'role' | 'file' | 'hash'>[],
): string {
  if (parts.length === 1 && parts[0]?.role === 'skill') return parts[0].hash;
  const h = createHash('sha256').update('skillset-expansion-1\n');
  for (const p of parts) h.update(`${p.role}\0${p.file}\0${p.hash}\n`);
  return h.digest('hex');
}

// What `skillset add SOURCE` names: a site's Agent Skills index (an https site root, or a URL of
// `/.well-known/agent-skills/index.json`), a git URL (https, ssh, git, file), GitHub's
// `owner/repo[/path]` shorthand (either may end in `#ref`), a local folder, or a local archive. A source is written to the lock as given
// (a folder relative to the project), so that the lock reads the same on every machine.

import path from 'node:path';
import { SkillsetError } from '../errors.js';
import type { FileSystem } from '../files/fs.js';
import { isArchive } from './archive.js';
import { wellKnownIndex } from './well-known.js';

/** A parsed source. */
export type Source =
  | {
      kind: 'git';
      /** What the lock records: the URL, or the shorthand as typed (without `#ref`). */
      spec: string;
      url: string;
      /** A folder inside the repository to take skills from ('' for all of it). */
      subpath: string;
      ref?: string;
    }
  | { kind: 'folder'; spec: string; dir: string }
  /** A local `.tar.gz`, `.tgz`, `.tar` or `.zip`. */
  | { kind: 'archive'; spec: string; file: string }
  /** A site's discovery index; `spec` is its URL, as the lock records it. */
  | { kind: 'well-known'; spec: string; index: string };

const URL_LIKE = /^(?:https?|ssh|git|file):\/\//;
const SCP_LIKE = /^[\w.-]+@[\w.-]+:/;
const SHORTHAND = /^([\w.-]+)\/([\w.-]+)((?:\/[\w.-]+)*)$/;

/** Split `spec#ref`. */
function splitRef(spec: string): { base: string; ref?: string } {
  const at = spec.lastIndexOf('#');
  if (at <= 0) return { base: spec };
  const ref = spec.slice(at + 1);
  if (!/^[\w./@^~-]+$/.test(ref) || ref.startsWith('-'))
    throw new SkillsetError('usage/invalid-source', `\`${ref}\` is not a ref git takes`);
  return { base: spec.slice(0, at), ref };
}

/** Parse `spec` against the project folder `cwd`. A local folder wins over the shorthand. */
export async function parseSource(spec: string, cwd: string, fs: FileSystem): Promise<Source> {
  if (spec.trim() === '' || spec.startsWith('-'))
    throw new SkillsetError('usage/invalid-source', `\`${spec}\` is not a source`);
  const { base, ref } = splitRef(spec);
  const index = wellKnownIndex(base);
  if (index !== undefined) {
    if (ref) throw new SkillsetError('usage/invalid-source', 'A well-known index takes no `#ref`');
    return { kind: 'well-known', spec: index, index };
  }
  if (URL_LIKE.test(base) || SCP_LIKE.test(base))
    return { kind: 'git', spec: base, url: base, subpath: '', ...(ref ? { ref } : {}) };
  const dir = path.resolve(cwd, base);
  const info = await fs.stat(dir).catch(() => undefined);
  if (info?.kind === 'dir') {
    if (ref) throw new SkillsetError('usage/invalid-source', 'A local folder takes no `#ref`');
    const rel = path.relative(cwd, dir).split(path.sep).join('/');
    return { kind: 'folder', spec: rel === '' ? '.' : rel.startsWith('..') ? dir : rel, dir };
  }
  if (info?.kind === 'file' && isArchive(dir)) {
    if (ref) throw new SkillsetError('usage/invalid-source', 'An archive takes no `#ref`');
    const rel = path.relative(cwd, dir).split(path.sep).join('/');
    return { kind: 'archive', spec: rel.startsWith('..') ? dir : rel, file: dir };
  }
  const m = SHORTHAND.exec(base);
  if (m && !base.startsWith('.') && !path.isAbsolute(base))
    return {
      kind: 'git',
      spec: base,
      url: `https://github.com/${m[1]}/${m[2]}.git`,
      subpath: (m[3] ?? '').replace(/^\//, ''),
      ...(ref ? { ref } : {}),
    };
  throw new SkillsetError(
    'usage/invalid-source',
    `\`${spec}\` is not a folder, a git URL or owner/repo`,
    {
      hint: 'Give a site (https://example.com), a git URL (https://, ssh://, file://), owner/repo[/path][#ref], or a folder.',
    },
  );
}

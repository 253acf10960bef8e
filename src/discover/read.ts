// Read and parse one found SKILL.md: links, git's link placeholders, size caps, and the parse cache.

import path from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { type Boundary, withinBoundary } from '../files/confine.js';
import {
  errorCode,
  type FileSystem,
  linkFailure,
  nodeFileSystem,
  type ReadResult,
} from '../files/fs.js';
import { parseSkillFile } from '../skill/parse.js';
import type { ParsedSkillFile } from '../skill/types.js';
import { mapBounded, READS_IN_FLIGHT } from '../util/bounded.js';
import type { ParseCache } from './cache.js';
import { compactRecord, lazyRecord } from './compact.js';
import type { FoundSkill } from './walk.js';

/** A SKILL.md read and parsed, or the diagnostics that say why it was not. */
export type ReadSkill =
  | { ok: true; parsed: ParsedSkillFile; realPath: string; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

/** Default size cap for a SKILL.md. */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

const PLACEHOLDER = /^[^\s\0]{1,1024}$/;

/**
 * A checkout made without symlink support (git's `core.symlinks=false`) writes each link as a
 * small file holding the target path. Recognise one: a single word, a path with a `/`, ending in `.md`.
 */
export function placeholderTarget(bytes: Buffer): string | undefined {
  if (bytes.length > 1024 || bytes.length === 0) return undefined;
  const text = bytes.toString('utf8');
  if (!PLACEHOLDER.test(text)) return undefined;
  if (
    !text.includes('/') ||
    !text.endsWith('.md') ||
    text.startsWith('---') ||
    text.startsWith('#')
  )
    return undefined;
  return text;
}

/** The refusal of a SKILL.md whose real file lies outside its skill's folder and root. */
function outside(file: string, real: string, root: string, placeholder: boolean): ReadSkill {
  const what = placeholder
    ? 'This file stands for a link (a checkout without symlinks) to'
    : 'SKILL.md is a link to';
  return {
    ok: false,
    diagnostics: [
      diagnostic(
        'discover/link-outside-root',
        'error',
        file,
        `${what} \`${real}\`, outside the skill's folder and \`${root}\`; not loaded (a skill's files stay inside its root)`,
        { data: { realPath: real, root, ...(placeholder ? { placeholder: true } : {}) } },
      ),
    ],
  };
}

/**
 * A found SKILL.md's record from the parse cache, checked on the real file system without a promise
 * (a warm start checks thousands); undefined when the cache does not hold it as the file now is.
 */
function cachedFoundSkill(found: FoundSkill, cache: ParseCache): ReadSkill | undefined {
  if (found.kind !== 'file') return undefined;
  const parsed = cache.lookupNode(found.file);
  if (!parsed) return undefined;
  return {
    ok: true,
    parsed,
    realPath: `${found.realDir}/${path.basename(found.file)}`,
    diagnostics: [],
  };
}

/** Read, cache-check and parse one found SKILL.md. Never throws for content or missing files. */
export async function readFoundSkill(
  fs: FileSystem,
  found: FoundSkill,
  root: string,
  maxBytes: number,
  cache: ParseCache | undefined,
  onRead?: (realPath: string, bytes: Buffer) => void,
): Promise<ReadSkill> {
  const file = found.file;
  if (found.kind === 'dir' || found.kind === 'other') return notAFile(file, found.kind);
  const diagnostics: Diagnostic[] = [];
  const boundary = { dir: found.realDir, root };
  let readPath = file;
  let realPath = found.kind === 'file' ? `${found.realDir}/${path.basename(file)}` : '';
  for (let hops = 0; ; hops++) {
    // The file as found (not a link, no placeholder followed) is the one the parse cache keeps.
    const own = hops === 0 && found.kind === 'file';
    if (cache && own) {
      // Without a promise per file (a cache is only kept for the real file system): a warm start checks thousands.
      const hit = cache.lookupNode(readPath);
      if (hit) return { ok: true, parsed: hit, realPath, diagnostics };
    }
    let r: ReadResult;
    try {
      r = await fs.readFile(readPath, maxBytes);
    } catch (e) {
      if (hops === 0 && found.kind === 'symlink')
        return { ok: false, diagnostics: [await linkFailure(fs, file, e, 'file')] };
      return unreadableFile(file, e);
    }
    if (!r.ok) return refusedFile(file, r.reason, r.size, maxBytes);
    if (found.kind === 'symlink' && hops === 0) realPath = await fs.realpath(readPath);
    const target = placeholderTarget(r.bytes);
    if (target !== undefined && hops < 8) {
      const next = path.resolve(path.dirname(readPath), target);
      const nextReal = await placeholderReal(fs, file, next, target, boundary);
      if (typeof nextReal !== 'string') return nextReal;
      diagnostics.push(
        diagnostic(
          'discover/placeholder-link',
          'warning',
          file,
          `This file stands for a link to \`${target}\` (a checkout without symlinks); followed`,
          {
            data: { target, placeholder: true },
          },
        ),
      );
      readPath = next;
      realPath = nextReal;
      continue;
    }
    // A linked SKILL.md is a skill only while its real file stays in the skill's folder or its root.
    if (realPath !== '' && !withinBoundary(realPath, boundary, 'skill-md'))
      return outside(file, realPath, root, false);
    return parseRead(
      r.bytes,
      r.size,
      r.mtimeMs,
      readPath,
      realPath,
      diagnostics,
      own ? cache : undefined,
      onRead,
    );
  }
}

/** The refusal of a SKILL.md that is a folder or no regular file. */
function notAFile(file: string, kind: 'dir' | 'other'): ReadSkill {
  const what = kind === 'dir' ? 'a folder' : 'not a regular file (a FIFO, socket or device)';
  return {
    ok: false,
    diagnostics: [
      diagnostic('discover/not-a-file', 'error', file, `SKILL.md is ${what}; not loaded`),
    ],
  };
}

/** The refusal of a SKILL.md that could not be read. */
function unreadableFile(file: string, e: unknown): ReadSkill {
  const code = errorCode(e);
  return {
    ok: false,
    diagnostics: [
      diagnostic(
        'discover/unreadable-file',
        'error',
        file,
        `File could not be read (${code ?? String(e)}); not loaded`,
        { data: { code } },
      ),
    ],
  };
}

/** The refusal of a SKILL.md the bounded read turned down: over the size cap, or no regular file. */
function refusedFile(
  file: string,
  reason: 'too-large' | 'not-a-file',
  size: number,
  maxBytes: number,
): ReadSkill {
  if (reason === 'too-large') {
    return {
      ok: false,
      diagnostics: [
        diagnostic(
          'parse/file-too-large',
          'error',
          file,
          `File is ${size} bytes, over the ${maxBytes}-byte cap; not loaded`,
          {
            data: { size, limit: maxBytes },
          },
        ),
      ],
    };
  }
  return {
    ok: false,
    diagnostics: [
      diagnostic(
        'discover/not-a-file',
        'error',
        file,
        'SKILL.md is not a regular file; not loaded',
      ),
    ],
  };
}

/** The real path a link placeholder in `file` leads to (`next`), or the refusal when it dangles or leads out. */
async function placeholderReal(
  fs: FileSystem,
  file: string,
  next: string,
  target: string,
  boundary: Boundary,
): Promise<string | ReadSkill> {
  let nextReal: string;
  try {
    nextReal = await fs.realpath(next);
  } catch {
    return {
      ok: false,
      diagnostics: [
        diagnostic(
          'discover/dangling-link',
          'error',
          file,
          `This file stands for a link to \`${target}\` (a checkout without symlinks), which does not exist; not loaded`,
          { data: { target, placeholder: true } },
        ),
      ],
    };
  }
  if (!withinBoundary(nextReal, boundary, 'skill-md'))
    return outside(file, nextReal, boundary.root, true);
  return nextReal;
}

/** Parse the bytes read from `readPath`, keeping the record compact and, given a cache, in it. */
function parseRead(
  bytes: Buffer,
  size: number,
  mtimeMs: number,
  readPath: string,
  realPath: string,
  diagnostics: Diagnostic[],
  cache: ParseCache | undefined,
  onRead: ((realPath: string, bytes: Buffer) => void) | undefined,
): ReadSkill {
  const parsed = parseSkillFile(bytes, readPath);
  onRead?.(realPath || readPath, bytes);
  if (!parsed.loadable) return { ok: false, diagnostics: [...diagnostics, ...parsed.diagnostics] };
  // Kept compact (front matter as JSON, decoded on access): a large library fits in memory.
  const record = compactRecord(parsed);
  if (!record) return { ok: true, parsed, realPath, diagnostics };
  cache?.store(readPath, size, mtimeMs, record);
  return { ok: true, parsed: lazyRecord(record, readPath, parsed), realPath, diagnostics };
}

/**
 * Read every found SKILL.md, in order. On the real file system the parse cache's records are taken
 * first, without a promise each (a warm start takes them all); the rest are read a few at a time.
 */
export async function readAll(
  fs: FileSystem,
  found: readonly FoundSkill[],
  realRoot: string,
  maxBytes: number,
  cache: ParseCache | undefined,
  onRead?: (realPath: string, bytes: Buffer) => void,
): Promise<ReadSkill[]> {
  const reads = new Array<ReadSkill>(found.length);
  const rest: number[] = [];
  found.forEach((f, i) => {
    const hit = cache && fs === nodeFileSystem ? cachedFoundSkill(f, cache) : undefined;
    if (hit) reads[i] = hit;
    else rest.push(i);
  });
  const read = await mapBounded(rest, READS_IN_FLIGHT, (i) =>
    readFoundSkill(fs, found[i] as FoundSkill, realRoot, maxBytes, cache, onRead),
  );
  rest.forEach((i, k) => {
    reads[i] = read[k] as ReadSkill;
  });
  return reads;
}

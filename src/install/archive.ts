// Reading a `.tar.gz` (or `.tgz`, `.tar`) or a `.zip` source into a folder, with our own readers
// rather than a system tool, so that what an archive may do is what this file lets it: regular files
// and folders only (links, devices and encrypted entries are left out and named), names that stay
// inside the folder, and bounds on sizes and counts that a hostile archive cannot pass.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, inflateRawSync } from 'node:zlib';
import { SkillsetError } from '../errors.js';
import { MAX_INSTALL_FILE_BYTES } from './manifest.js';

/** The most an archive may unpack to, and the most entries it may have. */
export const ARCHIVE_LIMITS = { totalBytes: 256 * 1024 * 1024, entries: 20_000 };

/** Is `file` an archive skillset reads, by its name? */
export const isArchive = (file: string): boolean => /\.(?:tar\.gz|tgz|tar|zip)$/i.test(file);

/** One entry: a file with its bytes, or a folder. */
interface Entry {
  name: string;
  kind: 'file' | 'dir' | 'other';
  data?: Buffer;
  executable?: boolean;
}

/** A name made safe: `/`-separated, relative, no `..`; undefined when it cannot be. */
function safeName(raw: string): string | undefined {
  const parts = raw
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.some((p) => p === '..' || p.includes('\0'))) return undefined;
  return parts.join('/');
}

const bad = (file: string, why: string) =>
  new SkillsetError('install/bad-archive', `${file} cannot be read as an archive: ${why}`);

/** Unpack `bytes` (the archive `file`; a zip when its name says so) into `dir`; the entries left out, with why. */
export async function unpackArchive(
  file: string,
  bytes: Buffer,
  dir: string,
  limits = ARCHIVE_LIMITS,
  zip = /\.zip$/i.test(file),
): Promise<string[]> {
  const entries = zip ? zipEntries(file, bytes) : tarEntries(file, bytes, limits.totalBytes);
  const skipped: string[] = [];
  let total = 0;
  let count = 0;
  for (const e of entries) {
    if (++count > ARCHIVE_LIMITS.entries)
      throw bad(file, `more than ${ARCHIVE_LIMITS.entries} entries`);
    const name = safeName(e.name);
    if (name === undefined) {
      skipped.push(`${e.name}: a name that leaves the folder`);
      continue;
    }
    if (e.kind === 'other') {
      skipped.push(`${name}: a link or special file`);
      continue;
    }
    const to = path.join(dir, ...name.split('/'));
    if (e.kind === 'dir') {
      await mkdir(to, { recursive: true }).catch(() => skipped.push(`${name}: not a folder`));
      continue;
    }
    const data = e.data ?? Buffer.alloc(0);
    total += data.length;
    if (total > limits.totalBytes)
      throw bad(file, `it unpacks to more than ${limits.totalBytes} bytes`);
    try {
      await mkdir(path.dirname(to), { recursive: true });
      await writeFile(to, data, { mode: e.executable ? 0o755 : 0o644 });
    } catch (err) {
      // A name that is a file in one entry and a folder in another.
      skipped.push(`${name}: ${(err as NodeJS.ErrnoException).code ?? 'not written'}`);
    }
  }
  return skipped;
}

const field = (b: Buffer, at: number, len: number): string =>
  b.toString('utf8', at, at + len).replace(/\0[\s\S]*$/, '');
const octal = (b: Buffer, at: number, len: number): number => {
  // Base-256 (a set high bit) is for sizes past 8 GB: more than any skill may have.
  if (((b[at] as number) & 0x80) !== 0) return Number.MAX_SAFE_INTEGER;
  return Number.parseInt(field(b, at, len).trim() || '0', 8);
};

/** The entries of a tar (gzipped or not): ustar, GNU long names and PAX paths. */
function* tarEntries(file: string, raw: Buffer, maxBytes: number): Generator<Entry> {
  let b: Buffer;
  try {
    b =
      raw[0] === 0x1f && raw[1] === 0x8b
        ? gunzipSync(raw, { maxOutputLength: maxBytes + 1024 * 1024 })
        : raw;
  } catch (e) {
    throw bad(file, (e as Error).message);
  }
  let at = 0;
  let longName: string | undefined;
  while (at + 512 <= b.length) {
    const header = b.subarray(at, at + 512);
    if (header.every((x) => x === 0)) return;
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] as number);
    const start = at + 512;
    if (size > MAX_INSTALL_FILE_BYTES || start + size > b.length)
      throw bad(file, 'an entry runs past its end or is too large');
    const data = b.subarray(start, start + size);
    at = start + Math.ceil(size / 512) * 512;
    if (type === 'L') {
      longName = field(data, 0, data.length);
      continue;
    }
    if (type === 'x') {
      const m = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data.toString('utf8'));
      if (m) longName = m[1];
      continue;
    }
    if (type === 'g') continue;
    const prefix = header.toString('utf8', 257, 262) === 'ustar' ? field(header, 345, 155) : '';
    const name =
      longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    longName = undefined;
    const mode = octal(header, 100, 8);
    if (type === '0' || type === '\0' || type === '7')
      yield { name, kind: 'file', data: Buffer.from(data), executable: (mode & 0o100) !== 0 };
    else if (type === '5') yield { name, kind: 'dir' };
    else yield { name, kind: 'other' };
  }
}

/** The entries of a zip, from its central directory: stored and deflated files. */
function* zipEntries(file: string, b: Buffer): Generator<Entry> {
  const from = Math.max(0, b.length - 65_557);
  const eocd = b.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < from) throw bad(file, 'no end of central directory (or zip64, which is not read)');
  const count = b.readUInt16LE(eocd + 10);
  let at = b.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || b.readUInt32LE(at) !== 0x02014b50)
      throw bad(file, 'a damaged central directory');
    const flags = b.readUInt16LE(at + 8);
    const method = b.readUInt16LE(at + 10);
    const compressed = b.readUInt32LE(at + 20);
    const size = b.readUInt32LE(at + 24);
    const nameLen = b.readUInt16LE(at + 28);
    const extraLen = b.readUInt16LE(at + 30);
    const commentLen = b.readUInt16LE(at + 32);
    const mode = b.readUInt32LE(at + 38) >>> 16;
    const local = b.readUInt32LE(at + 42);
    const name = b.toString('utf8', at + 46, at + 46 + nameLen);
    at += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith('/')) {
      yield { name, kind: 'dir' };
      continue;
    }
    const type = mode & 0o170000;
    if ((flags & 1) !== 0 || (type !== 0 && type !== 0o100000)) {
      yield { name, kind: 'other' };
      continue;
    }
    if (size > MAX_INSTALL_FILE_BYTES || local + 30 > b.length)
      throw bad(file, `\`${name}\` is too large or out of place`);
    const dataAt = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
    const packed = b.subarray(dataAt, dataAt + compressed);
    let data: Buffer;
    try {
      data =
        method === 0
          ? Buffer.from(packed)
          : method === 8
            ? inflateRawSync(packed, { maxOutputLength: Math.max(1, size) })
            : Buffer.alloc(0);
    } catch (e) {
      throw bad(file, `\`${name}\`: ${(e as Error).message}`);
    }
    if (method !== 0 && method !== 8) {
      yield { name, kind: 'other' };
      continue;
    }
    if (data.length !== size) throw bad(file, `\`${name}\` unpacks to another size than it says`);
    yield { name, kind: 'file', data, executable: (mode & 0o100) !== 0 };
  }
}

// Writing a `.tar.gz` that is the same bytes for the same files: entries sorted by path, files only
// (folders are implied by their paths), owner 0:0 with no names, mtime 0, mode 0644 or 0755, and the
// gzip header's time and OS bytes fixed. A path too long for a ustar header gets a PAX record.

import { gzipSync } from 'node:zlib';

/** One file to pack: its path (`/`-separated, relative), bytes and executable bit. */
export interface PackFile {
  rel: string;
  bytes: Buffer;
  executable: boolean;
}

const BLOCK = 512;

/** `n` as a zero-padded octal field of `len` bytes (digits, then NUL). */
function octalField(header: Buffer, at: number, len: number, n: number): void {
  header.write(`${n.toString(8).padStart(len - 1, '0')}\0`, at, len, 'ascii');
}

/** One 512-byte header of type `type` for `name` (already split to fit) and a body of `size` bytes. */
function header(name: string, prefix: string, size: number, mode: number, type: string): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  octalField(h, 100, 8, mode);
  octalField(h, 108, 8, 0);
  octalField(h, 116, 8, 0);
  octalField(h, 124, 12, size);
  octalField(h, 136, 12, 0);
  h.write(type, 156, 1, 'ascii');
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  // The checksum is taken with its own field as eight spaces.
  h.fill(0x20, 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return h;
}

/** `bytes` and the zeros that fill its last block. */
const padded = (bytes: Buffer): Buffer[] => {
  const rest = bytes.length % BLOCK;
  return rest === 0 ? [bytes] : [bytes, Buffer.alloc(BLOCK - rest)];
};

/** The ustar name and prefix for `rel`, or undefined when it fits neither way (a PAX record then). */
function split(rel: string): { name: string; prefix: string } | undefined {
  const len = (s: string) => Buffer.byteLength(s);
  if (len(rel) <= 100) return { name: rel, prefix: '' };
  for (let at = rel.indexOf('/'); at > 0; at = rel.indexOf('/', at + 1)) {
    const prefix = rel.slice(0, at);
    const name = rel.slice(at + 1);
    if (len(prefix) <= 155 && len(name) <= 100 && name !== '') return { name, prefix };
  }
  return undefined;
}

/** A PAX `path` record: its length counts its own digits. */
function paxPath(rel: string): Buffer {
  const body = ` path=${rel}\n`;
  let n = Buffer.byteLength(body);
  while (Buffer.byteLength(`${n}${body}`) !== n) n = Buffer.byteLength(`${n}${body}`);
  return Buffer.from(`${n}${body}`);
}

/** The tar (not yet gzipped) of `files`, sorted by path. */
export function tarOf(files: readonly PackFile[]): Buffer {
  const parts: Buffer[] = [];
  const sorted = [...files].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  for (const f of sorted) {
    const mode = f.executable ? 0o755 : 0o644;
    const fits = split(f.rel);
    if (fits === undefined) {
      const pax = paxPath(f.rel);
      parts.push(header('PaxHeader', '', pax.length, 0o644, 'x'), ...padded(pax));
    }
    const { name, prefix } = fits ?? { name: f.rel.slice(-100), prefix: '' };
    parts.push(header(name, prefix, f.bytes.length, mode, '0'), ...padded(f.bytes));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

/** The `.tar.gz` of `files`: the same bytes for the same files, on any machine with the same zlib. */
export function tarGzOf(files: readonly PackFile[]): Buffer {
  const gz = gzipSync(tarOf(files), { level: 9 });
  // Bytes 4–7 are the time (zlib writes 0) and byte 9 the OS, which zlib sets from the platform it
  // was built for: 255, "unknown", everywhere.
  gz.writeUInt32LE(0, 4);
  gz[9] = 0xff;
  return gz;
}

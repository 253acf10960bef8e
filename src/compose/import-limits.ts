// The bounds of one load (issue #20): the bytes of text it holds (body and imports), the files it
// imports, the `@import` lines it examines and the bytes it reads; what they stopped; and cutting a
// text at a byte bound without splitting a character.

/** The most a load holds by default, in UTF-8 bytes of body and imports (about 25,000 tokens). */
export const DEFAULT_LOAD_MAX_BYTES = 100_000;

/** How many files one load imports at most by default. */
export const DEFAULT_MAX_IMPORTS = 100;

/** `@import` lines one load examines per file it may import: a file of a thousand failing lines stops too. */
const LINES_PER_IMPORT = 10;

/** How many of the imports a limit stopped are named one by one (the rest are counted). */
export const MAX_LEFT_OUT_NAMED = 10;

/** The bounds of one load. */
export interface LoadLimits {
  /** UTF-8 bytes of the composed body and its imports' texts. */
  maxBytes: number;
  /** Files imported. */
  maxImports: number;
}

/** The default bounds. */
export const DEFAULT_LOAD_LIMITS: Readonly<LoadLimits> = Object.freeze({
  maxBytes: DEFAULT_LOAD_MAX_BYTES,
  maxImports: DEFAULT_MAX_IMPORTS,
});

/** An `@import` a limit stopped: cut (part of its text kept) or not followed. */
export interface LeftOutImport {
  /** The path as written. */
  spec: string;
  /** The file with the `@import` line, its line and column. */
  where: string;
  line: number;
  column: number;
  /** The file it names, when it was located. */
  file?: string;
  /** Which bound stopped it. */
  reason: 'bytes' | 'files' | 'lines';
  /** Cut: the bytes kept of its text's size. */
  kept?: number;
  /** Its size in bytes, when known. */
  size?: number;
}

/** What one load may still take, shared by every file it composes and spent as it imports. */
export interface ImportAllowance {
  readonly limits: LoadLimits;
  /** Bytes of text left. */
  bytes: number;
  /** Files left to import. */
  files: number;
  /** `@import` lines left to examine. */
  lines: number;
  /** Bytes left to read from disk. */
  read: number;
  /** Files imported already: one block serves every file that names them. */
  readonly seen: Set<string>;
  /** The imports the bounds stopped, the first MAX_LEFT_OUT_NAMED of them. */
  readonly left: LeftOutImport[];
  /** How many more they stopped. */
  moreLeft: number;
}

/**
 * A fresh allowance: `bytes` of text for the imports (what the body left of the load's bound), and
 * `readBeyond` bytes more to read (a load reads the file that crosses the bound whole, to cut it).
 */
export function importAllowance(
  limits: LoadLimits,
  bytes: number,
  readBeyond: number,
): ImportAllowance {
  return {
    limits,
    bytes: Math.max(0, bytes),
    files: limits.maxImports,
    lines: limits.maxImports * LINES_PER_IMPORT,
    read: Math.max(0, bytes) + readBeyond,
    seen: new Set(),
    left: [],
    moreLeft: 0,
  };
}

/** Note an import the bounds stopped. */
export function leaveOut(a: ImportAllowance, item: LeftOutImport): void {
  if (a.left.length < MAX_LEFT_OUT_NAMED) a.left.push(item);
  else a.moreLeft++;
}

/** Is there nothing left to import with? The reason, or undefined while there is. */
export function spent(a: ImportAllowance): LeftOutImport['reason'] | undefined {
  if (a.bytes <= 0) return 'bytes';
  if (a.files <= 0) return 'files';
  if (a.lines <= 0) return 'lines';
  return undefined;
}

/** UTF-8 bytes of `text`. */
export const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * `text` in at most `maxBytes` UTF-8 bytes: whole when it fits; else cut after the last line end
 * within the final KiB of the bound, or else after the last whole character (never inside one).
 */
export function cutUtf8(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return '';
  if (text.length * 3 <= maxBytes || utf8Bytes(text) <= maxBytes) return text;
  const buf = Buffer.from(text, 'utf8');
  let end = maxBytes;
  // A continuation byte (10xxxxxx) is inside a character: step back to the character's first byte.
  while (end > 0 && ((buf[end] as number) & 0xc0) === 0x80) end--;
  // (A negative offset would search from the end of the buffer, past the bound.)
  const nl = end > 0 ? buf.lastIndexOf(0x0a, end - 1) : -1;
  if (nl >= 0 && nl + 1 >= end - 1024) end = nl + 1;
  return buf.toString('utf8', 0, end);
}

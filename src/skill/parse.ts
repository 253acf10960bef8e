// One SKILL.md's bytes → ParsedSkillFile: never throws for content, always explains itself.

import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { type Diagnostic, diagnostic, type Position } from '../diagnostics/diagnostic.js';
import { normalizeFrontmatter } from './normalize.js';
import { type Split, splitFrontmatter } from './split.js';
import type { ParsedSkillFile } from './types.js';
import { parseFrontmatterYaml } from './yaml.js';

/**
 * Estimated tokens for a length of skill text, in bytes or characters: a quarter of it is within a
 * few percent on skill text. Every size skillset reports in tokens comes from here.
 */
export function estimateTokens(length: number): number {
  return Math.ceil(length / 4);
}

/** The 1-based line and column of a byte offset (columns count characters, not bytes). */
export function positionAt(buf: Uint8Array, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < buf.length; i++) {
    const c = buf[i];
    if (c === 0x0a || (c === 0x0d && buf[i + 1] !== 0x0a)) {
      line++;
      lineStart = i + 1;
    }
  }
  let column = 1;
  for (let i = lineStart; i < offset; i++) if (((buf[i] as number) & 0xc0) !== 0x80) column++;
  return { line, column };
}

/** Offset of the first byte that is not part of a valid UTF-8 sequence. */
export function firstInvalidUtf8(buf: Uint8Array): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i] as number;
    const need =
      b < 0x80
        ? 0
        : b >= 0xc2 && b <= 0xdf
          ? 1
          : b >= 0xe0 && b <= 0xef
            ? 2
            : b >= 0xf0 && b <= 0xf4
              ? 3
              : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k++) if (((buf[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    if (need > 0 && !isUtf8(buf.subarray(i, i + need + 1))) return i; // overlong or surrogate forms
    i += need + 1;
  }
  return -1;
}

/** Bytes as the parser sees them: invalid UTF-8 replaced by U+FFFD (the body reader does the same). */
export function repairUtf8(buf: Buffer): Buffer {
  return isUtf8(buf) ? buf : Buffer.from(buf.toString('utf8'), 'utf8');
}

/** The first paragraph of Markdown text that is not a heading, a comment, a rule or a fence. */
export function firstParagraph(text: string, maxChars = 1024): string {
  const lines = text.split(/\r\n|\r|\n/);
  const para: string[] = [];
  let inFence = false;
  for (const line of lines) {
    const t = line.trim();
    if (/^(```|~~~)/.test(t)) {
      if (para.length > 0) break;
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    if (t === '') {
      if (para.length > 0) break;
      continue;
    }
    if (
      para.length === 0 &&
      (/^#{1,6}(\s|$)/.test(t) || /^<!--/.test(t) || /^([-*_])\1{2,}$/.test(t))
    )
      continue;
    para.push(t);
  }
  const joined = para.join(' ');
  return joined.length > maxChars ? joined.slice(0, maxChars) : joined;
}

const BOM = [0xef, 0xbb, 0xbf];

/** Parse a SKILL.md's bytes. `file` is used in diagnostics only. */
export function parseSkillFile(input: Buffer, file: string): ParsedSkillFile {
  const contentHash = createHash('sha256').update(input).digest('hex');
  const diagnostics: Diagnostic[] = [];
  const empty: ParsedSkillFile = {
    loadable: true,
    frontmatter: { extra: {} },
    raw: {},
    positions: {},
    scalarSources: {},
    description: '',
    descriptionSource: 'none',
    contentHash,
    bytes: input.length,
    bodyOffset: 0,
    bodyLine: 1,
    diagnostics,
  };
  const nul = input.indexOf(0);
  if (nul >= 0) {
    diagnostics.push(
      diagnostic(
        'parse/binary-file',
        'error',
        file,
        'Unexpected NUL byte: this is a binary file, not a SKILL.md; skipped',
        {
          start: positionAt(input, nul),
          data: { offset: nul },
        },
      ),
    );
    return { ...empty, loadable: false };
  }
  let buf = input;
  if (!isUtf8(input)) {
    const bad = firstInvalidUtf8(input);
    diagnostics.push(
      diagnostic(
        'parse/invalid-utf8',
        'warning',
        file,
        'Invalid UTF-8; the bad bytes are read as U+FFFD (save the file as UTF-8)',
        { start: positionAt(input, Math.max(bad, 0)), data: { offset: bad } },
      ),
    );
    buf = repairUtf8(input);
  }
  const start = buf[0] === BOM[0] && buf[1] === BOM[1] && buf[2] === BOM[2] ? 3 : 0;
  const split = splitFrontmatter(buf, start);
  const result: ParsedSkillFile = {
    ...empty,
    bodyOffset: split.bodyStart,
    bodyLine: split.bodyLine,
  };
  readFrontmatter(result, buf, split, file);
  takeDescription(result, buf, split, file);
  return result;
}

/** Fill `result`'s front matter from the split file, or say why there is none to read. */
function readFrontmatter(result: ParsedSkillFile, buf: Buffer, split: Split, file: string): void {
  const { diagnostics } = result;
  if (split.kind === 'frontmatter') {
    const text = buf.toString('utf8', split.fmStart, split.fmEnd).replace(/\r\n?/g, '\n');
    const yaml = parseFrontmatterYaml(text, file, 1);
    diagnostics.push(...yaml.diagnostics);
    const norm = normalizeFrontmatter(yaml.value, yaml.positions, file, yaml.sources);
    diagnostics.push(...norm.diagnostics);
    result.raw = yaml.value;
    result.positions = yaml.positions;
    result.scalarSources = yaml.sources;
    result.frontmatter = norm.frontmatter;
  } else if (split.kind === 'none') {
    diagnostics.push(
      diagnostic(
        'parse/no-frontmatter',
        'warning',
        file,
        'Expected front matter between `---` lines at the top of the file; none found',
      ),
    );
  } else if (split.kind === 'open') {
    diagnostics.push(
      diagnostic(
        'parse/unclosed-frontmatter',
        'error',
        file,
        'Front matter opened with `---` is never closed; read as body',
      ),
    );
  } else {
    diagnostics.push(
      diagnostic(
        'parse/unsupported-frontmatter',
        'error',
        file,
        `Unexpected \`---${split.fence}\` front matter, expected YAML between \`---\` lines; it is never evaluated, and is read as body`,
        { data: { language: split.fence } },
      ),
    );
  }
}

/** Set `result`'s description: the front matter's, else the body's first paragraph, with a warning. */
function takeDescription(result: ParsedSkillFile, buf: Buffer, split: Split, file: string): void {
  const desc = result.frontmatter.description?.trim();
  if (desc) {
    result.description = desc;
    result.descriptionSource = 'frontmatter';
    return;
  }
  // An unclosed or foreign front matter is no place to take a description from.
  const para =
    split.kind === 'frontmatter' || split.kind === 'none'
      ? firstParagraph(buf.toString('utf8', split.bodyStart))
      : '';
  const at: Position = result.positions.description ?? { line: 1, column: 1 };
  if (para) {
    result.description = para;
    result.descriptionSource = 'body';
    result.diagnostics.push(
      diagnostic(
        'parse/description-from-body',
        'warning',
        file,
        'No `description` in front matter; the body’s first paragraph is used',
        {
          start: at,
        },
      ),
    );
  } else {
    result.diagnostics.push(
      diagnostic(
        'parse/missing-description',
        'warning',
        file,
        'No `description` in front matter and no paragraph in the body to use',
        {
          start: at,
        },
      ),
    );
  }
}

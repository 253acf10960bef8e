// A fast parser for the plain YAML subset that skill front matter almost always uses.
//
// It understands block mappings, block sequences of scalars, plain and simple quoted
// scalars, one-line flow sequences of plain scalars, and literal/folded block scalars,
// and gives the same values as `yaml@2` (core schema) for them. On anything else it
// returns `undefined` and the caller hands the text to `yaml@2`, which stays the
// authority for every error. A differential test over the real corpora holds the two
// to the same answers.

import type { Position } from '../diagnostics/diagnostic.js';
import {
  BAIL,
  indentOf,
  isBlank,
  parseFlowSequence,
  parsePlain,
  parseQuotedDouble,
  parseQuotedSingle,
  resolvePlain,
} from './yaml-scalars.js';

/** A parsed front matter: the value and the position of every key and sequence item. */
export interface YamlResult {
  value: Record<string, unknown>;
  /** Dotted paths (`metadata.author`, `tags.2`) to 1-based positions. */
  positions: Record<string, Position>;
  /** Source text of every scalar that did not resolve to a string (`1.0`, `yes`, `~`), by path. */
  sources: Record<string, string>;
}

const MAX_DEPTH = 16;
const KEY = /^([A-Za-z0-9_][A-Za-z0-9_.-]*)[ ]*:(?:[ ]+(.*))?$/;

const BLANK = -1;
const TAB = -2;

class FastParser {
  private readonly lines: string[];
  /** Per line: the indentation, BLANK, or TAB (a tab before the first character). */
  private readonly ind: Int32Array;
  /** Per line: 1 when the line is only a comment. */
  private readonly comment: Uint8Array;
  private i = 0;
  readonly positions: Record<string, Position> = {};
  readonly sources: Record<string, string> = {};

  constructor(
    text: string,
    private readonly lineOffset: number,
  ) {
    this.lines = text.split('\n');
    const n = this.lines.length;
    this.ind = new Int32Array(n);
    this.comment = new Uint8Array(n);
    for (let k = 0; k < n; k++) {
      const line = this.lines[k] as string;
      let j = 0;
      while (j < line.length && line.charCodeAt(j) === 32) j++;
      const c = line.charCodeAt(j);
      if (j === line.length || line.trim() === '') this.ind[k] = BLANK;
      else if (c === 9) this.ind[k] = TAB;
      else {
        this.ind[k] = j;
        if (c === 35) this.comment[k] = 1;
      }
    }
  }

  parse(): Record<string, unknown> {
    const first = this.peekIndent();
    if (first < 0) return {};
    if (first !== 0) throw BAIL;
    const value = this.mapping(0, '', 0);
    if (this.peekIndent() >= 0) throw BAIL;
    return value;
  }

  private current(): string {
    return this.lines[this.i] as string;
  }

  /** The indentation of the next meaningful line (blank and comment lines skipped), or -1 at the end. */
  private peekIndent(): number {
    const n = this.lines.length;
    while (this.i < n && (this.ind[this.i] === BLANK || this.comment[this.i] === 1)) this.i++;
    if (this.i >= n) return -1;
    const ind = this.ind[this.i] as number;
    if (ind === TAB) throw BAIL; // tabs in indentation: let yaml@2 speak
    return ind;
  }

  private at(line: number, column: number): Position {
    return { line: this.lineOffset + line + 1, column: column + 1 };
  }

  private mapping(indent: number, prefix: string, depth: number): Record<string, unknown> {
    if (depth > MAX_DEPTH) throw BAIL;
    const out: Record<string, unknown> = {};
    for (;;) {
      const ind = this.peekIndent();
      if (ind < indent) return out;
      if (ind > indent) throw BAIL;
      const line = this.current();
      const m = KEY.exec(line.slice(indent).trimEnd());
      if (!m) throw BAIL;
      const key = m[1] as string;
      if (typeof resolvePlain(key) !== 'string' || Object.hasOwn(out, key) || key === '__proto__') {
        throw BAIL;
      }
      const path = prefix + key;
      this.positions[path] = this.at(this.i, indent);
      const rest = (m[2] ?? '').trim();
      this.i++;
      out[key] = this.value(rest, indent, path, depth);
    }
  }

  private value(rest: string, indent: number, path: string, depth: number): unknown {
    if (rest === '') {
      const ind = this.peekIndent();
      if (ind < 0) {
        this.sources[path] = '';
        return null;
      }
      const line = this.current();
      const dash =
        line.charCodeAt(ind) === 45 && (line.length === ind + 1 || line[ind + 1] === ' ');
      if (dash && ind >= indent) return this.sequence(ind, `${path}.`, depth + 1);
      if (ind > indent) return this.mapping(ind, `${path}.`, depth + 1);
      this.sources[path] = '';
      return null;
    }
    const c = rest[0];
    if (c === '|' || c === '>') return this.blockScalar(rest, indent);
    const v = this.inline(rest);
    this.noContinuation(indent);
    if (v === null || typeof v === 'number' || typeof v === 'boolean') this.sources[path] = rest;
    return v;
  }

  private inline(rest: string): unknown {
    const c = rest[0];
    if (c === '"') return parseQuotedDouble(rest);
    if (c === "'") return parseQuotedSingle(rest);
    if (c === '[') return parseFlowSequence(rest);
    if (c === '{') {
      if (rest === '{}') return {};
      throw BAIL;
    }
    return parsePlain(rest);
  }

  /** A scalar on its own line may not continue on more-indented lines (multi-line plain): bail. */
  private noContinuation(indent: number): void {
    let j = this.i;
    while (j < this.lines.length && this.ind[j] === BLANK) j++;
    if (j < this.lines.length && ((this.ind[j] as number) > indent || this.ind[j] === TAB))
      throw BAIL;
  }

  private sequence(indent: number, prefix: string, depth: number): unknown[] {
    if (depth > MAX_DEPTH) throw BAIL;
    const out: unknown[] = [];
    for (;;) {
      const ind = this.peekIndent();
      if (ind < indent) return out;
      if (ind > indent) throw BAIL;
      const line = this.current();
      if (line.charCodeAt(ind) !== 45) return out; // a key at the parent's level ends a compact list
      if (line.length > ind + 1 && line[ind + 1] !== ' ') throw BAIL;
      const rest = line.slice(ind + 1).trim();
      if (rest === '' || rest[0] === '|' || rest[0] === '>') throw BAIL;
      let col = ind + 1;
      while (line.charCodeAt(col) === 32) col++;
      this.positions[prefix + out.length] = this.at(this.i, col);
      this.i++;
      const item = this.inline(rest);
      if (item === null || typeof item === 'number' || typeof item === 'boolean') {
        this.sources[prefix + out.length] = rest;
      }
      out.push(item);
      this.noContinuation(indent);
    }
  }

  private blockScalar(header: string, parentIndent: number): string {
    if (!/^[|>]-?$/.test(header)) throw BAIL;
    const folded = header[0] === '>';
    const strip = header.endsWith('-');
    // Find the content indentation from the first non-blank line.
    let j = this.i;
    while (j < this.lines.length && isBlank(this.lines[j] as string)) j++;
    const blockIndent = j < this.lines.length ? indentOf(this.lines[j] as string) : -1;
    if (blockIndent <= parentIndent) {
      // Empty block scalar; blank lines before the next key are not content.
      for (let k = this.i; k < j; k++) if ((this.lines[k] as string).length > 0) throw BAIL;
      this.i = j;
      return '';
    }
    const content: string[] = [];
    while (this.i < this.lines.length) {
      const line = this.lines[this.i] as string;
      if (isBlank(line)) {
        if (line.length > blockIndent) throw BAIL; // spaces that would be content
        content.push('');
        this.i++;
        continue;
      }
      const ind = indentOf(line);
      if (ind < blockIndent) {
        if (ind > parentIndent) throw BAIL;
        break;
      }
      const text = line.slice(blockIndent);
      if (folded && (text[0] === ' ' || text[0] === '\t')) throw BAIL; // more-indented folding rules
      content.push(text);
      this.i++;
    }
    // Trailing blank lines are chomped (clip keeps one newline, strip none).
    let end = content.length;
    while (end > 0 && content[end - 1] === '') end--;
    const kept = content.slice(0, end);
    if (kept.length === 0) return '';
    let body: string;
    if (folded) {
      body = '';
      let blanks = 0;
      kept.forEach((line, n) => {
        if (line === '') {
          blanks++;
          return;
        }
        if (n > 0) body += blanks > 0 ? '\n'.repeat(blanks) : ' ';
        blanks = 0;
        body += line;
      });
    } else {
      body = kept.join('\n');
    }
    return strip ? body : `${body}\n`;
  }
}

/**
 * Parse front matter `text` (LF line endings) if it is in the plain subset; `undefined` if not.
 * `lineOffset` is the number of file lines before the text, so positions are file positions.
 */
export function parseYamlFast(text: string, lineOffset: number): YamlResult | undefined {
  const parser = new FastParser(text, lineOffset);
  try {
    const value = parser.parse();
    return { value, positions: parser.positions, sources: parser.sources };
  } catch (e) {
    if (e === BAIL) return undefined;
    throw e;
  }
}

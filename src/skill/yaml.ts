// Front matter YAML → a plain object with positions: fast path, `yaml@2` fallback, bounds, recovery.

import { createRequire } from 'node:module';
import type * as YamlModule from 'yaml';
import { type Diagnostic, diagnostic, type Position } from '../diagnostics/diagnostic.js';
import { parseYamlFast, type YamlResult } from './yaml-fast.js';

/** Bounds that refuse front matter built to exhaust the parser. */
export const YAML_LIMITS = Object.freeze({
  /** Front matter larger than this many characters is refused. */
  maxChars: 128 * 1024,
  /** Nesting deeper than this (blocks or brackets) is refused. */
  maxDepth: 32,
  /** More alias expansions than this is an alias bomb. */
  maxAliasCount: 100,
});

/** What parsing front matter yields: always a value (possibly empty) and diagnostics. */
export interface FrontmatterYaml extends YamlResult {
  diagnostics: Diagnostic[];
  /** True when the value came from the quoting retry. */
  recovered: boolean;
}

let yamlModule: typeof YamlModule | undefined;
/** `yaml@2` is loaded on first need: most files never need it, and start-up time matters. */
function yaml(): typeof YamlModule {
  yamlModule ??= createRequire(import.meta.url)('yaml') as typeof YamlModule;
  return yamlModule;
}

interface SlowOk {
  ok: true;
  result: YamlResult;
  warnings: Array<{ message: string; start: Position; code: string }>;
}
interface SlowFail {
  ok: false;
  code: string;
  message: string;
  start: Position;
  data: Record<string, unknown>;
}

/** Scan for nesting deeper than the limit before any parser sees the text (no recursion bombs). */
function nestingTooDeep(text: string, maxDepth: number): { line: number } | undefined {
  let brackets = 0;
  let line = 0;
  let lineStart = true;
  let indent = 0;
  let dashes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      lineStart = true;
      indent = 0;
      dashes = 0;
      continue;
    }
    if (lineStart) {
      if (c === 32) {
        indent++;
        continue;
      }
      if ((c === 45 || c === 63) && text.charCodeAt(i + 1) === 32) {
        dashes++; // `- - - x` nests a sequence per dash
        i++;
        continue;
      }
      lineStart = false;
      if (indent / 2 + dashes > maxDepth) return { line };
    }
    if (c === 91 || c === 123) {
      if (++brackets > maxDepth) return { line };
    } else if ((c === 93 || c === 125) && brackets > 0) brackets--;
  }
  return undefined;
}

function collectPositions(
  node: unknown,
  prefix: string,
  lc: YamlModule.LineCounter,
  lineOffset: number,
  out: Record<string, Position>,
): void {
  const Y = yaml();
  const at = (offset: number): Position => {
    const p = lc.linePos(offset);
    return { line: p.line + lineOffset, column: p.col };
  };
  // Iterative walk: depth is already bounded, but keep the stack flat anyway.
  const stack: Array<[unknown, string]> = [[node, prefix]];
  while (stack.length > 0) {
    const [n, pre] = stack.pop() as [unknown, string];
    if (Y.isMap(n)) {
      for (const pair of n.items) {
        const key = Y.isScalar(pair.key) ? String(pair.key.value) : undefined;
        if (key === undefined) continue;
        const range = (pair.key as YamlModule.Scalar).range;
        if (range) out[pre + key] = at(range[0]);
        stack.push([pair.value, `${pre + key}.`]);
      }
    } else if (Y.isSeq(n)) {
      n.items.forEach((item, idx) => {
        const range = (item as YamlModule.Node | null)?.range;
        if (range) out[pre + idx] = at(range[0]);
        stack.push([item, `${pre + idx}.`]);
      });
    }
  }
}

function parseSlow(text: string, lineOffset: number): SlowOk | SlowFail {
  const deep = nestingTooDeep(text, YAML_LIMITS.maxDepth);
  if (deep) {
    return {
      ok: false,
      code: 'parse/yaml-too-deep',
      message: `Front matter nests deeper than ${YAML_LIMITS.maxDepth} levels; refused`,
      start: { line: lineOffset + deep.line + 1, column: 1 },
      data: { maxDepth: YAML_LIMITS.maxDepth },
    };
  }
  const Y = yaml();
  const lc = new Y.LineCounter();
  let doc: YamlModule.Document.Parsed;
  try {
    doc = Y.parseDocument(text, { lineCounter: lc, uniqueKeys: true, prettyErrors: false });
  } catch (e) {
    return {
      ok: false,
      code: 'parse/invalid-yaml',
      message: `Front matter could not be parsed: ${(e as Error).message}`,
      start: { line: lineOffset + 1, column: 1 },
      data: {},
    };
  }
  const pos = (offset: number | undefined): Position => {
    const p = lc.linePos(offset ?? 0);
    return { line: p.line + lineOffset, column: p.col };
  };
  const err = doc.errors[0];
  if (err) {
    const duplicate = err.code === 'DUPLICATE_KEY';
    return {
      ok: false,
      code: duplicate ? 'parse/duplicate-key' : 'parse/invalid-yaml',
      message: `${duplicate ? 'Duplicate key in front matter' : 'Invalid YAML in front matter'}: ${err.message.split('\n')[0]}`,
      start: pos(err.pos[0]),
      data: { yamlCode: err.code, errors: doc.errors.length },
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: YAML_LIMITS.maxAliasCount });
  } catch (e) {
    return {
      ok: false,
      code: 'parse/yaml-alias-bomb',
      message: `Front matter expands aliases too many times (${(e as Error).message}); refused`,
      start: pos(0),
      data: { maxAliasCount: YAML_LIMITS.maxAliasCount },
    };
  }
  if (value === null || value === undefined) value = {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    return {
      ok: false,
      code: 'parse/frontmatter-not-mapping',
      message: `Unexpected ${Array.isArray(value) ? 'sequence' : typeof value} as front matter, expected a mapping of fields`,
      start: pos(0),
      data: {},
    };
  }
  const positions: Record<string, Position> = {};
  collectPositions(doc.contents, '', lc, lineOffset, positions);
  const warnings = doc.warnings.map((w) => ({
    message: w.message.split('\n')[0] as string,
    start: pos(w.pos[0]),
    code: w.code,
  }));
  return { ok: true, result: { value: value as Record<string, unknown>, positions }, warnings };
}

const RETRY_KEY = /^([A-Za-z0-9_][A-Za-z0-9_.-]*)([ ]*:[ ]+)(.+)$/;
const RETRY_CHARS = /: |[{}[\]*&#!|>%@`]/;

/** Would this `key: value` line fail on its own? */
function lineFails(line: string): boolean {
  const doc = yaml().parseDocument(line, { prettyErrors: false });
  return doc.errors.length > 0;
}

/**
 * The quoting retry: double-quote each top-level `key: value` whose unquoted value holds `: `
 * or a YAML indicator and that fails alone. Returns the new text and the quoted lines.
 */
export function quoteSuspectValues(text: string): { text: string; lines: number[] } {
  const lines = text.split('\n');
  const quoted: number[] = [];
  lines.forEach((line, i) => {
    const m = RETRY_KEY.exec(line);
    if (!m) return;
    const value = (m[3] as string).trimEnd();
    if (value.startsWith('"') || value.startsWith("'") || /^[|>][-+]?\d?$/.test(value)) return;
    if (!RETRY_CHARS.test(value)) return;
    const next = lines[i + 1];
    if (next !== undefined && /^[ \t]+\S/.test(next) && !/^\s*-\s/.test(next)) return; // multi-line value
    if (!lineFails(line)) return;
    const escaped = value.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
    lines[i] = `${m[1]}${m[2]}"${escaped}"`;
    quoted.push(i);
  });
  return { text: lines.join('\n'), lines: quoted };
}

/**
 * Parse front matter text (LF line endings). Never throws for content: failures give an empty
 * value and an error diagnostic. `lineOffset` is the number of file lines before the text.
 */
export function parseFrontmatterYaml(
  text: string,
  file: string,
  lineOffset: number,
): FrontmatterYaml {
  if (text.length > YAML_LIMITS.maxChars) {
    return {
      value: {},
      positions: {},
      recovered: false,
      diagnostics: [
        diagnostic(
          'parse/frontmatter-too-large',
          'error',
          file,
          `Front matter is ${text.length} characters, over the ${YAML_LIMITS.maxChars} limit; refused`,
          {
            start: { line: lineOffset + 1, column: 1 },
            data: { chars: text.length, limit: YAML_LIMITS.maxChars },
          },
        ),
      ],
    };
  }
  const fast = parseYamlFast(text, lineOffset);
  if (fast) return { ...fast, diagnostics: [], recovered: false };

  const first = parseSlow(text, lineOffset);
  if (first.ok) {
    const diagnostics = first.warnings.map((w) =>
      diagnostic('parse/yaml-warning', 'warning', file, w.message, {
        start: w.start,
        data: { yamlCode: w.code },
      }),
    );
    return { ...first.result, diagnostics, recovered: false };
  }
  if (first.code === 'parse/invalid-yaml') {
    const retry = quoteSuspectValues(text);
    if (retry.lines.length > 0) {
      const second = parseSlow(retry.text, lineOffset);
      if (second.ok) {
        const lines = retry.lines.map((l) => l + lineOffset + 1);
        return {
          ...second.result,
          recovered: true,
          diagnostics: [
            diagnostic(
              'parse/recovered-yaml',
              'warning',
              file,
              `Invalid YAML recovered by quoting the value${lines.length > 1 ? 's' : ''} on line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}; quote ${lines.length > 1 ? 'them' : 'it'} in the file`,
              {
                start: { line: lines[0] as number, column: 1 },
                data: { lines, yamlError: first.message },
              },
            ),
          ],
        };
      }
    }
  }
  return {
    value: {},
    positions: {},
    recovered: false,
    diagnostics: [
      diagnostic(
        first.code,
        'error',
        file,
        `${first.message}; the skill loads with empty front matter`,
        {
          start: first.start,
          data: first.data,
        },
      ),
    ],
  };
}

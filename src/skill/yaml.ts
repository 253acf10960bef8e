// Front matter YAML → a plain object with positions: fast path, `yaml@2` fallback, bounds, recovery.

import type * as YamlModule from 'yaml';
import { type Diagnostic, diagnostic, type Position } from '../diagnostics/diagnostic.js';
import { parseYamlFast, type YamlResult } from './yaml-fast.js';
import { isCyclic, yaml } from './yaml-lib.js';
import { quoteSuspectValues } from './yaml-retry.js';
import { inspectTree, type TreeFacts } from './yaml-tree.js';

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

function tooDeep(start: Position): SlowFail {
  return {
    ok: false,
    code: 'parse/yaml-too-deep',
    message: `Front matter nests deeper than ${YAML_LIMITS.maxDepth} levels; refused`,
    start,
    data: { maxDepth: YAML_LIMITS.maxDepth },
  };
}

/** The position of a character offset in the parsed text, as a line of the file. */
type PositionOf = (offset: number | undefined) => Position;

/** Parse with yaml@2: the value with its positions and warnings, or the first fault met. */
function parseSlow(text: string, lineOffset: number): SlowOk | SlowFail {
  const Y = yaml();
  const lc = new Y.LineCounter();
  const pos: PositionOf = (offset) => {
    const p = lc.linePos(offset ?? 0);
    return { line: p.line + lineOffset, column: p.col };
  };
  let doc: YamlModule.Document.Parsed;
  try {
    doc = Y.parseDocument(text, {
      lineCounter: lc,
      uniqueKeys: false,
      prettyErrors: false,
      logLevel: 'error',
    });
  } catch (e) {
    if (e instanceof RangeError) return tooDeep({ line: lineOffset + 1, column: 1 });
    return {
      ok: false,
      code: 'parse/invalid-yaml',
      message: `Front matter could not be parsed: ${(e as Error).message}`,
      start: { line: lineOffset + 1, column: 1 },
      data: {},
    };
  }
  const err = doc.errors[0];
  if (err) {
    // A parser that ran out of stack met nesting far past any sane bound.
    if (err.code === 'RESOURCE_EXHAUSTION' || /call stack/i.test(err.message))
      return tooDeep(pos(err.pos[0]));
    return {
      ok: false,
      code: 'parse/invalid-yaml',
      message: `Invalid YAML in front matter: ${err.message.split('\n')[0]}`,
      start: pos(err.pos[0]),
      data: { yamlCode: err.code, errors: doc.errors.length },
    };
  }
  const facts = inspectTree(doc.contents, text, lc, lineOffset, YAML_LIMITS.maxDepth);
  if (facts.tooDeep !== undefined) return tooDeep(pos(facts.tooDeep));
  if (facts.duplicate) {
    return {
      ok: false,
      code: 'parse/duplicate-key',
      message: `Duplicate key \`${facts.duplicate.key}\` in front matter`,
      start: pos(facts.duplicate.offset),
      data: { key: facts.duplicate.key },
    };
  }
  return mappingOf(doc, facts, pos);
}

/** The parsed document as a plain mapping, or why it is none (alias bomb, cycle, not a mapping). */
function mappingOf(
  doc: YamlModule.Document.Parsed,
  facts: TreeFacts,
  pos: PositionOf,
): SlowOk | SlowFail {
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: YAML_LIMITS.maxAliasCount });
  } catch (e) {
    if (e instanceof RangeError && /call stack/i.test(e.message)) return tooDeep(pos(0));
    return {
      ok: false,
      code: 'parse/yaml-alias-bomb',
      message: `Front matter expands aliases too many times (${(e as Error).message}); refused`,
      start: pos(0),
      data: { maxAliasCount: YAML_LIMITS.maxAliasCount },
    };
  }
  if (value === null || value === undefined) value = {};
  // An alias inside its own anchor (`a: &x [*x]`) makes a value that contains itself: no field
  // can hold that, and everything downstream would walk it forever.
  if (isCyclic(value))
    return {
      ok: false,
      code: 'parse/yaml-recursive-alias',
      message:
        'Front matter holds an alias inside its own anchor (a value that contains itself); refused',
      start: pos(0),
      data: {},
    };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return {
      ok: false,
      code: 'parse/frontmatter-not-mapping',
      message: `Unexpected ${Array.isArray(value) ? 'sequence' : typeof value} as front matter, expected a mapping of fields`,
      start: pos(0),
      data: {},
    };
  }
  const warnings = doc.warnings.map((w) => ({
    message: w.message.split('\n')[0] as string,
    start: pos(w.pos[0]),
    code: w.code,
  }));
  return {
    ok: true,
    result: {
      value: value as Record<string, unknown>,
      positions: facts.positions,
      sources: facts.sources,
    },
    warnings,
  };
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
    return unparsed(
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
    );
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
              `Invalid YAML recovered by quoting the value${lines.length > 1 ? 's' : ''} on line${lines.length > 1 ? 's' : ''} ${lines.length > 10 ? `${lines.slice(0, 10).join(', ')} and ${lines.length - 10} more` : lines.join(', ')}; quote ${lines.length > 1 ? 'them' : 'it'} in the file`,
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
  return unparsed(
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
  );
}

/** Front matter that could not be read: empty, with the error that says why. */
function unparsed(error: Diagnostic): FrontmatterYaml {
  return { value: {}, positions: {}, sources: {}, recovered: false, diagnostics: [error] };
}

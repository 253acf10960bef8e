// The Diagnostic value: a problem with a code, a severity, a file and a 1-based position.

/** How serious a diagnostic is. */
export type Severity = 'error' | 'warning' | 'info';

/** A 1-based line and column in a file. */
export interface Position {
  line: number;
  column: number;
}

/** Another place that helps explain a diagnostic (the skill that shadows this one, say). */
export interface RelatedLocation {
  file: string;
  start: Position;
  message: string;
}

/** A problem found in content or on disk: data, never an exception. */
export interface Diagnostic {
  /** Stable, namespaced kebab-case code, e.g. `parse/recovered-yaml`. */
  code: string;
  severity: Severity;
  message: string;
  /** Absolute path of the file the problem is in. */
  file: string;
  start: Position;
  end?: Position;
  /** Structured facts behind the message (the YAML error code, the shadowing skill, …). */
  data?: Record<string, unknown>;
  related?: RelatedLocation[];
}

/** The start of a file, for problems that concern the whole file. */
export const FILE_START: Position = Object.freeze({ line: 1, column: 1 });

/** Build a diagnostic; `start` defaults to the start of the file. */
export function diagnostic(
  code: string,
  severity: Severity,
  file: string,
  message: string,
  extra: {
    start?: Position;
    end?: Position;
    data?: Record<string, unknown>;
    related?: RelatedLocation[];
  } = {},
): Diagnostic {
  const d: Diagnostic = { code, severity, message, file, start: extra.start ?? { ...FILE_START } };
  if (extra.end) d.end = extra.end;
  if (extra.data) d.data = extra.data;
  if (extra.related) d.related = extra.related;
  return d;
}

/** `file:line:col[-line:col]: severity message [code]`, the one-line form used on stderr. */
export function formatDiagnostic(d: Diagnostic): string {
  const end = d.end ? `-${d.end.line}:${d.end.column}` : '';
  return `${d.file}:${d.start.line}:${d.start.column}${end}: ${d.severity} ${d.message} [${d.code}]`;
}

const severityRank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Order diagnostics by file, then position, then severity and code: the one stable order we print. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  if (a.start.line !== b.start.line) return a.start.line - b.start.line;
  if (a.start.column !== b.start.column) return a.start.column - b.start.column;
  const s = severityRank[a.severity] - severityRank[b.severity];
  if (s !== 0) return s;
  if (a.code !== b.code) return a.code < b.code ? -1 : 1;
  return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
}

const SEVERITIES: ReadonlySet<unknown> = new Set<Severity>(['error', 'warning', 'info']);

const isPosition = (p: unknown): p is Position =>
  typeof p === 'object' &&
  p !== null &&
  typeof (p as Position).line === 'number' &&
  typeof (p as Position).column === 'number';

/** Is `x` a diagnostic as `diagnostic` makes one? What a cache file gives back is checked so. */
function isDiagnostic(x: unknown): x is Diagnostic {
  if (typeof x !== 'object' || x === null) return false;
  const d = x as Diagnostic;
  return (
    typeof d.code === 'string' &&
    SEVERITIES.has(d.severity) &&
    typeof d.message === 'string' &&
    typeof d.file === 'string' &&
    isPosition(d.start) &&
    (d.end === undefined || isPosition(d.end)) &&
    (d.data === undefined || (typeof d.data === 'object' && d.data !== null)) &&
    (d.related === undefined ||
      (Array.isArray(d.related) &&
        d.related.every(
          (r: RelatedLocation) =>
            typeof r === 'object' &&
            r !== null &&
            typeof r.file === 'string' &&
            typeof r.message === 'string' &&
            isPosition(r.start),
        )))
  );
}

/** Is `x` a list of diagnostics (a cache file's, read back: damage makes it a miss, not a crash)? */
export function isDiagnosticList(x: unknown): x is Diagnostic[] {
  return Array.isArray(x) && x.every(isDiagnostic);
}

// The json format: the contract `{ summary, diagnostics }` that scripts rely on.

import type { DiagnosticReport } from '../report.js';

/** `{ "summary": { "skills", "errors", "warnings" }, "diagnostics": [ { "code", "severity", "message", "file", "start", "end"?, "data"?, "related"? } ] }`. */
export function formatJson(result: DiagnosticReport): string {
  return `${JSON.stringify({ summary: result.summary, diagnostics: result.diagnostics }, null, 2)}\n`;
}

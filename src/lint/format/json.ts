// The json format: the contract `{ summary, diagnostics }` that scripts rely on.

import type { LintResult } from '../run.js';

/** `{ "summary": { "skills", "errors", "warnings" }, "diagnostics": [ { "code", "severity", "message", "file", "start" } ] }`. */
export function formatJson(result: LintResult): string {
  const out = {
    summary: { skills: result.skills, errors: result.errors, warnings: result.warnings },
    diagnostics: result.diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      message: d.message,
      file: d.file,
      start: { line: d.start.line, column: d.start.column },
    })),
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

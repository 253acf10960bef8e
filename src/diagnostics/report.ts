// A report of diagnostics from any command: counts and every diagnostic whole.

import type { Diagnostic } from './diagnostic.js';

/** What the formatters print: counts, and every diagnostic (end positions, data and related locations kept). */
export interface DiagnosticReport {
  summary: { skills: number; errors: number; warnings: number };
  diagnostics: Diagnostic[];
}

// The quoting retry: front matter that fails only because a value holds `: ` or a YAML indicator
// unquoted (`description: Use when: …`) is parsed again with those values quoted.

import { yaml } from './yaml-lib.js';

const RETRY_KEY = /^([A-Za-z0-9_][A-Za-z0-9_.-]*)([ ]*:[ ]+)(.+)$/;
const RETRY_CHARS = /: |[{}[\]*&#!|>%@`]/;

/** Would this `key: value` line fail on its own? */
function lineFails(line: string): boolean {
  const doc = yaml().parseDocument(line, { prettyErrors: false, logLevel: 'error' });
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

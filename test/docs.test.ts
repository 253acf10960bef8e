// Keeps docs/diagnostics.md true: every diagnostic code in the source is documented there.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { BUILTIN_CODES, PROBLEM_CODES } from '../src/diagnostics/codes.js';
import { RULES } from '../src/lint/rules/index.js';
import { repoRoot, sourceFiles } from '../src/test-support/paths.js';

it('registers and documents every built-in diagnostic code', () => {
  const doc = readFileSync(path.join(repoRoot, 'docs', 'diagnostics.md'), 'utf8');
  const codes = new Set<string>();
  for (const file of sourceFiles(path.join(repoRoot, 'src'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(
      /'((?:usage|config|index|eval|skill|cache|compose|parse|discover|frontmatter|lint|search|select|state|invoke|listing|export|tier|install|audit)\/[a-z0-9-]+)'/g,
    ))
      codes.add(m[1] as string);
  }
  assert.ok(codes.size > 20);
  const rules = new Set(RULES.map((r) => r.code));
  // Every code in the source is registered, as a diagnostic or as a problem, and documented.
  const registered = [...BUILTIN_CODES, ...PROBLEM_CODES].sort();
  assert.deepEqual([...codes].filter((c) => !rules.has(c)).sort(), registered);
  const missing = registered.filter((c) => !doc.includes(`\`${c}\``));
  assert.deepEqual(missing, []);
});

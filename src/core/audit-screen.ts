// The audit screen: with `audit.hide` on, the skills that fail the audit (an `error` finding of the
// `security` profile, docs/audit.md) leave the catalog before any face reads it, so the MCP server,
// the listing, search, load and select never show the model their text. Each is named in a warning
// that points at its first finding; `skillset audit` still reads them all.

import path from 'node:path';
import { compareDiagnostics, type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import type { DiscoverResult } from '../discover/discover.js';
import type { FileSystem } from '../files/fs.js';
import type { AuditSettings } from './settings-skills.js';

/** `d` without the skills that fail the audit under `audit`, and a warning for each one left out. */
export async function screenAudit(
  d: DiscoverResult,
  audit: AuditSettings,
  fs: FileSystem,
): Promise<DiscoverResult> {
  if (!audit.hide || d.skills.length === 0) return d;
  const { auditSkills } = await import('../lint/audit-skills.js');
  const findings = await auditSkills(d.skills, fs);
  const allowed = new Set(audit.allow);
  const hidden: Diagnostic[] = [];
  const kept = d.skills.filter((s) => {
    const errors = (findings.get(s.id) ?? []).filter(
      (f) => f.severity === 'error' && !allowed.has(f.code),
    );
    const first = errors[0];
    if (first === undefined) return true;
    hidden.push(hiddenNote(s.id, s.dir, first, errors));
    return false;
  });
  if (hidden.length === 0) return d;
  return {
    ...d,
    skills: kept,
    diagnostics: [...d.diagnostics, ...hidden].sort(compareDiagnostics),
  };
}

/** The warning for a hidden skill, at its first error finding. */
function hiddenNote(id: string, dir: string, first: Diagnostic, errors: Diagnostic[]): Diagnostic {
  const rel = path.relative(dir, first.file).split(path.sep).join('/') || 'SKILL.md';
  const more = errors.length > 1 ? `, and ${errors.length - 1} more` : '';
  return diagnostic(
    'audit/hidden',
    'warning',
    first.file,
    `\`${id}\` is hidden: it fails the audit (${first.code} at ${rel}:${first.start?.line ?? 1}${more}); \`skillset audit\` lists its findings`,
    {
      ...(first.start ? { start: first.start } : {}),
      data: { skill: id, rules: [...new Set(errors.map((e) => e.code))].sort() },
    },
  );
}

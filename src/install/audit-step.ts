// The audit every install runs on what it staged, before anything moves: `skillset audit`'s rules (the
// `security` lint profile, docs/audit.md) over the skill's copy. An `error` finding stops the install
// unless its rule was let through by name (`--allow-risk RULE`), a choice the lock records.

import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { SkillsetError } from '../errors.js';
import type { FileSystem } from '../files/fs.js';
import { lintSkills } from '../lint/run.js';
import { securityRule } from '../lint/security/rule-name.js';

/** What the audit found in one skill, as the lock keeps it. */
export interface AuditVerdict {
  /** `clean`: no finding; `warnings`: warnings only; `allowed-risk`: errors of rules let through. */
  verdict: 'clean' | 'warnings' | 'allowed-risk';
  errors: number;
  warnings: number;
}

/** Audit the staged copy `dir` of `name`; an error finding of a rule not in `allow` is a problem. */
export async function auditStaged(
  fs: FileSystem,
  name: string,
  dir: string,
  allow: readonly string[],
): Promise<{ audit: AuditVerdict; findings: Diagnostic[] }> {
  const r = await lintSkills({ roots: [dir], profile: 'security', cacheDir: false, fs });
  const findings = r.diagnostics.map((d) => ({
    ...d,
    file: path.relative(dir, d.file).split(path.sep).join('/') || 'SKILL.md',
  }));
  const allowed = new Set(allow.map(securityRule));
  const errors = findings.filter((d) => d.severity === 'error');
  const blocked = errors.filter((d) => !allowed.has(d.code));
  if (blocked.length > 0)
    throw new SkillsetError(
      'install/audit-failed',
      `\`${name}\` fails the audit: ${blocked
        .slice(0, 5)
        .map((d) => `${d.code} at ${d.file}:${d.start?.line ?? 1}`)
        .join(
          ', ',
        )}${blocked.length > 5 ? `, and ${blocked.length - 5} more` : ''}; nothing was installed`,
      {
        hint: `Read the findings (\`skillset audit\` on the source); \`--allow-risk ${blocked[0]?.code.replace(/^security\//, '')}\` lets that rule through, and the lock records it.`,
        data: { findings: blocked },
      },
    );
  const warnings = findings.filter((d) => d.severity === 'warning').length;
  const verdict = errors.length > 0 ? 'allowed-risk' : warnings > 0 ? 'warnings' : 'clean';
  return { audit: { verdict, errors: errors.length, warnings }, findings };
}

/** The rules of `allow` written as the lock keeps them, sorted and once each. */
export const allowedRules = (allow: readonly string[]): string[] =>
  [...new Set(allow.map(securityRule))].sort();

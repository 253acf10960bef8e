// The audit of skills already found: what `skillset audit` reports of each, without discovering
// the roots again (the service's catalog, screened with `audit.hide`).

import { compareDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { type FileSystem, nodeFileSystem } from '../files/fs.js';
import type { Skill } from '../skill/types.js';
import { readInput } from './input.js';
import { resolveRules, runSkillRules } from './run.js';

/**
 * The `security` profile's findings on each of `skills` (found already), by id: what `skillset audit`
 * reports of them, at the profile's own severities, whatever a config says.
 */
export async function auditSkills(
  skills: readonly Skill[],
  fs: FileSystem = nodeFileSystem,
): Promise<Map<string, Diagnostic[]>> {
  const { enabled } = resolveRules('security');
  const none = new Map<string, Buffer>();
  const byId = new Map<string, Diagnostic[]>();
  for (const skill of skills) {
    const found: Diagnostic[] = [];
    const input = await readInput(fs, skill, none);
    if ('code' in input) found.push(input);
    else await runSkillRules(input, enabled, 'security', fs, found);
    byId.set(skill.id, found.sort(compareDiagnostics));
  }
  return byId;
}

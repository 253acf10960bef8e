// How parse and discovery diagnostics count in each lint profile.

import { BUILTIN_CODES } from '../diagnostics/codes.js';
import type { Severity } from '../diagnostics/diagnostic.js';
import type { Profile, RuleSeverity } from './define-rule.js';

/**
 * Severity overrides for diagnostics that parsing and discovery produce. The `spec` profile is
 * strict where the reference validator is (recovered YAML and a missing front matter are errors)
 * and leaves to its own rules what they cover (the description, field values).
 */
const OVERRIDES: Record<Profile, Record<string, RuleSeverity>> = {
  spec: {
    'parse/recovered-yaml': 'error',
    'parse/no-frontmatter': 'error',
    'parse/yaml-warning': 'error',
    'parse/description-from-body': 'off',
    'parse/missing-description': 'off',
    'frontmatter/invalid-value': 'off',
    // Lint says it its own way, as an error for a root that holds nothing (`lint/no-skills`).
    'discover/no-skills': 'off',
  },
  recommended: { 'discover/no-skills': 'off' },
  // Filled below: an audit keeps only the findings about where a skill's files lead.
  security: {},
};

/**
 * The parse and discovery findings an audit keeps: links that leave the root or reach the system's
 * folders, and a SKILL.md that was not loaded (too large, binary, unreadable), which the audit could
 * not check although another agent may load it. The rest say how well a skill is written, which is
 * lint's business, not the audit's.
 */
const SECURITY_KEEPS: ReadonlySet<string> = new Set([
  'discover/link-outside-root',
  'discover/system-folder',
  'discover/unreadable-file',
  'parse/binary-file',
  'parse/file-too-large',
]);
for (const code of BUILTIN_CODES) if (!SECURITY_KEEPS.has(code)) OVERRIDES.security[code] = 'off';

export { BUILTIN_CODES };

/** The severity a parse or discovery diagnostic has in `profile` (its own, unless overridden). */
export function builtinSeverity(profile: Profile, code: string, own: Severity): RuleSeverity {
  return OVERRIDES[profile][code] ?? own;
}

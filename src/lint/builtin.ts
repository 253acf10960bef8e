// How parse and discovery diagnostics count in each lint profile.

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
  },
  recommended: {},
};

/** Every diagnostic code that parsing, discovery and the lint runner produce (rules have their own). */
export const BUILTIN_CODES: readonly string[] = [
  'discover/dangling-link',
  'discover/depth-limit',
  'discover/duplicate',
  'discover/folder-limit',
  'discover/link-outside-root',
  'discover/misnamed-skill-file',
  'discover/missing-root',
  'discover/name-clash',
  'discover/nested-skill',
  'discover/not-a-file',
  'discover/placeholder-link',
  'discover/shadowed',
  'discover/symlink-loop',
  'discover/unreadable-file',
  'discover/unreadable-folder',
  'frontmatter/invalid-value',
  'lint/no-skills',
  'parse/binary-file',
  'parse/description-from-body',
  'parse/duplicate-key',
  'parse/file-too-large',
  'parse/frontmatter-not-mapping',
  'parse/frontmatter-too-large',
  'parse/invalid-utf8',
  'parse/invalid-yaml',
  'parse/missing-description',
  'parse/no-frontmatter',
  'parse/recovered-yaml',
  'parse/unclosed-frontmatter',
  'parse/unsupported-frontmatter',
  'parse/yaml-alias-bomb',
  'parse/yaml-too-deep',
  'parse/yaml-warning',
];

/** The severity a parse or discovery diagnostic has in `profile` (its own, unless overridden). */
export function builtinSeverity(profile: Profile, code: string, own: Severity): RuleSeverity {
  return OVERRIDES[profile][code] ?? own;
}

// The rule registry: every lint rule, in code order. A meta-test holds it, the rule modules and docs/rules/ together.

import type { Rule } from '../define-rule.js';
import { allowedToolsType } from './frontmatter/allowed-tools-type.js';
import { compatibilityLength } from './frontmatter/compatibility-length.js';
import { descriptionLength } from './frontmatter/description-length.js';
import { descriptionRequired } from './frontmatter/description-required.js';
import { nameFormat } from './frontmatter/name-format.js';
import { nameMatchesFolder } from './frontmatter/name-matches-folder.js';
import { nameRequired } from './frontmatter/name-required.js';
import { unknownField } from './frontmatter/unknown-field.js';

/** Every rule skillset has. */
export const RULES: readonly Rule<never>[] = [
  allowedToolsType,
  compatibilityLength,
  descriptionLength,
  descriptionRequired,
  nameFormat,
  nameMatchesFolder,
  nameRequired,
  unknownField,
] as unknown as readonly Rule<never>[];

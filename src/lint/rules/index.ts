// The rule registry: every lint rule, in code order. A meta-test holds it, the rule modules and docs/rules/ together.

import type { Rule } from '../define-rule.js';
import { bodyBrokenLink } from './body/broken-link.js';
import { bodyTooLong } from './body/too-long.js';
import { bodyTooShort } from './body/too-short.js';
import { listingOverBudget } from './catalog/listing-over-budget.js';
import { nearDuplicateDescription } from './catalog/near-duplicate-description.js';
import { composeExtendsRule } from './compose/extends.js';
import { composeImports } from './compose/imports.js';
import { composePrerequisites } from './compose/prerequisites.js';
import { glossClipsRouting } from './description/gloss-clips-routing.js';
import { whenToUse } from './description/when-to-use.js';
import { allowedToolsType } from './frontmatter/allowed-tools-type.js';
import { compatibilityLength } from './frontmatter/compatibility-length.js';
import { descriptionLength } from './frontmatter/description-length.js';
import { descriptionRequired } from './frontmatter/description-required.js';
import { fieldTypo } from './frontmatter/field-typo.js';
import { nameFormat } from './frontmatter/name-format.js';
import { nameMatchesFolder } from './frontmatter/name-matches-folder.js';
import { nameRequired } from './frontmatter/name-required.js';
import { pathsGlob } from './frontmatter/paths-glob.js';
import { unknownField } from './frontmatter/unknown-field.js';
import { versionSemver } from './frontmatter/version-semver.js';
import { base64Exec } from './security/base64-exec.js';
import { binaryFile } from './security/binary-file.js';
import { broadAllowedTools } from './security/broad-allowed-tools.js';
import { commentInstructions } from './security/comment-instructions.js';
import { credentialRead } from './security/credential-read.js';
import { dataToHost } from './security/data-to-host.js';
import { envDump } from './security/env-dump.js';
import { hiddenUnicode } from './security/hidden-unicode.js';
import { modelInstructions } from './security/model-instructions.js';
import { oversizedFile } from './security/oversized-file.js';
import { pipeToShell } from './security/pipe-to-shell.js';
import { symlinkOut } from './security/symlink-out.js';

/** Every rule skillset has. */
export const RULES: readonly Rule<never>[] = [
  bodyBrokenLink,
  bodyTooLong,
  bodyTooShort,
  listingOverBudget,
  nearDuplicateDescription,
  composeExtendsRule,
  composeImports,
  composePrerequisites,
  glossClipsRouting,
  whenToUse,
  allowedToolsType,
  compatibilityLength,
  descriptionLength,
  descriptionRequired,
  fieldTypo,
  nameFormat,
  nameMatchesFolder,
  nameRequired,
  pathsGlob,
  unknownField,
  versionSemver,
  base64Exec,
  binaryFile,
  broadAllowedTools,
  commentInstructions,
  credentialRead,
  dataToHost,
  envDump,
  hiddenUnicode,
  modelInstructions,
  oversizedFile,
  pipeToShell,
  symlinkOut,
] as unknown as readonly Rule<never>[];

// frontmatter/version-semver: `version` is a SemVer 2.0.0 version.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { fieldPosition, specString } from '../fields.js';

/** The regular expression semver.org recommends for SemVer 2.0.0. */
export const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** The SemVer version a non-SemVer one most likely means: `v1.2` → `1.2.0`; `1.0.0` when nothing fits. */
export function suggestSemver(version: string): string {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/i.exec(version.trim());
  if (!m) return '1.0.0';
  return [m[1], m[2], m[3]].map((n) => (n ?? '0').replace(/^0+(?=\d)/, '')).join('.');
}

/** `version`, when present, must be SemVer 2.0.0 (`1.0.0`, `2.1.0-beta.1`). */
export const versionSemver = defineRule({
  code: 'frontmatter/version-semver',
  description: 'Check that `version` is a SemVer 2.0.0 version.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'warning', security: 'off' },
  options: z.object({}),
  messages: {
    invalid: 'Unexpected version `{version}`, expected SemVer such as `{suggestion}`',
  },
  check(ctx) {
    const version = specString(ctx.skill, 'version');
    // Lists and maps are reported while parsing; an empty value is as if absent.
    if (version === undefined || version === '') return;
    if (SEMVER.test(version)) return;
    ctx.report({
      messageId: 'invalid',
      data: { version, suggestion: suggestSemver(version) },
      start: fieldPosition(ctx.skill, 'version'),
    });
  },
});

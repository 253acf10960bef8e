// security/credential-read: code that reads SSH keys or credential files.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { type CodePattern, scanCode } from '../../security/scripts.js';

const HOME = String.raw`(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\$env:USERPROFILE|homedir\(\)|expanduser\(\s*["']~|Path\.home\(\))`;
const SECRET = String.raw`\.ssh\b|\.aws[/\\]credentials|\.netrc|\.git-credentials|\.docker[/\\]config\.json|\.kube[/\\]config|\.config[/\\]gh[/\\]hosts|\.pypirc|\.gnupg|\.config[/\\]gcloud`;

const PATTERNS: readonly CodePattern[] = [
  { messageId: 'read', re: new RegExp(String.raw`${HOME}[^\n]{0,40}?(?:${SECRET})`) },
  { messageId: 'read', re: /\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)/ },
  { messageId: 'read', re: /\/etc\/(?:shadow|gshadow)\b/ },
  { messageId: 'read', re: /\bsecurity\s+find-(?:generic|internet)-password\b/ },
];

/** Credentials in the user's home: nothing a skill needs to read, and what an attacker wants. */
export const credentialRead = defineRule({
  code: 'security/credential-read',
  description: 'Report code that reads SSH keys or credential files.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'off', security: 'error' },
  options: z.object({}),
  messages: {
    read: 'Unexpected credential file in {where}: `{match}`; a skill should not touch keys or tokens',
  },
  async check(ctx) {
    await scanCode(
      ctx,
      PATTERNS,
      /ssh|credentials|netrc|docker|kube|gh|pypirc|gnupg|gcloud|id_|shadow|password/,
    );
  },
});

// security/base64-exec: code that decodes base64 and runs it (what it runs cannot be read).

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { type CodePattern, scanCode } from '../../security/scripts.js';

const PATTERNS: readonly CodePattern[] = [
  {
    messageId: 'exec',
    re: /\bbase64\s+(?:-d|--decode|-D)\b[^\n]{0,200}\|\s*(?:sudo\s+)?(?:(?:ba|z|k|da)?sh|python[23]?|node|perl|ruby|eval)\b/,
    documented: 'error',
  },
  {
    messageId: 'exec',
    re: /\beval\b[^\n]{0,200}\bbase64\s+(?:-d|--decode|-D)\b/,
    documented: 'error',
  },
  {
    messageId: 'exec',
    re: /\b(?:eval|exec|Function)\s*\(\s*(?:atob|(?:base64\.)?b64decode|base64\.decodebytes|Buffer\.from\s*\([^)\n]*["']base64["'])/,
    documented: 'error',
  },
  {
    messageId: 'exec',
    re: /\b(?:exec|eval)\s*\(\s*(?:compile\s*\(\s*)?(?:codecs\.decode|zlib\.decompress)\s*\(\s*(?:base64\.)?b64decode/,
    documented: 'error',
  },
  {
    messageId: 'exec',
    re: /\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,200}\s-(?:e|ec|en|enc|encodedcommand)\s+[A-Za-z0-9+/=]{16,}/i,
    documented: 'error',
  },
];

/** Decoding and running hidden code: a reader of the skill cannot see what it does. */
export const base64Exec = defineRule({
  code: 'security/base64-exec',
  description: 'Report code that decodes base64 and executes the result.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'off', security: 'error' },
  options: z.object({}),
  messages: {
    exec: 'Unexpected decoded code run in {where}: `{match}`; ship the code as it reads',
  },
  async check(ctx) {
    await scanCode(ctx, PATTERNS, /base64|b64decode|atob|-e(?:nc|ncodedcommand|c)?\s/i);
  },
});

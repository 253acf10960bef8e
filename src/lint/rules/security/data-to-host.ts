// security/data-to-host: code that sends data to a host written into it.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { type CodePattern, scanCode } from '../../security/scripts.js';

/** A literal http(s) URL to a host that is not local and not a documentation placeholder. */
const URL = String.raw`["'\s=(]https?://(?!localhost\b|127\.|0\.0\.0\.0|\[::1\]|(?:[\w-]+\.)*example\.(?:com|org|net)\b|[\w.-]*\.(?:example|test|invalid|local)\b|[$<{%])[\w-]+(?:\.[\w-]+)+`;
const IP = String.raw`\b(?!127\.|0\.|10\.|192\.168\.)\d{1,3}(?:\.\d{1,3}){3}\b`;

const PATTERNS: readonly CodePattern[] = [
  {
    messageId: 'send',
    re: new RegExp(
      String.raw`\bcurl\b(?=[^\n]{0,200}\s(?:-d|--data(?:-\w+)?|-F|--form|-T|--upload-file)\b)(?=[^\n]{0,200}(?:${URL}|${IP}))[^\n]{0,200}`,
    ),
  },
  {
    messageId: 'send',
    re: new RegExp(
      String.raw`\bwget\b(?=[^\n]{0,200}--post-(?:data|file))(?=[^\n]{0,200}(?:${URL}|${IP}))[^\n]{0,200}`,
    ),
  },
  {
    messageId: 'send',
    re: new RegExp(
      String.raw`\b(?:requests|httpx|session|axios)\.(?:post|put|patch)\s*\(\s*f?(?:${URL}|["']${IP})`,
    ),
  },
  {
    messageId: 'send',
    re: new RegExp(
      String.raw`\bfetch\s*\(\s*(?:${URL}|["'\`]https?://${IP})[^)]{0,200}?,\s*\{[^}]{0,200}method\s*:\s*["'](?:POST|PUT|PATCH)`,
    ),
  },
  { messageId: 'send', re: new RegExp(String.raw`\b(?:nc|ncat|netcat)\s+(?:-\w+\s+)*${IP}\s+\d+`) },
];

/** Data posted to a host written into the code: where it goes is the author's choice, not the user's. */
export const dataToHost = defineRule({
  code: 'security/data-to-host',
  description: 'Report code that sends data to a hard-coded host.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'off', security: 'error' },
  options: z.object({}),
  messages: {
    send: 'Unexpected upload to a fixed host in {where}: `{match}`; let the user name where data goes',
  },
  async check(ctx) {
    await scanCode(ctx, PATTERNS, /curl|wget|post|put|patch|fetch|nc\b|ncat|netcat/i);
  },
});

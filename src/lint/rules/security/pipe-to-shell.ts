// security/pipe-to-shell: code that downloads a script and runs it unseen (`curl … | sh`, `iex (iwr …)`).

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { type CodePattern, scanCode } from '../../security/scripts.js';

const FETCH = String.raw`(?:curl|wget|fetch)\b`;
const SHELL = String.raw`(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+\S+=\S*\s+)*(?:ba|z|k|da|fi)?sh|python[23]?|node|perl|ruby`;

const PATTERNS: readonly CodePattern[] = [
  {
    messageId: 'pipe',
    re: new RegExp(String.raw`\b${FETCH}[^\n|;&]{0,200}\|\s*(?:${SHELL})\b(?!\S)`),
  },
  {
    messageId: 'pipe',
    re: new RegExp(String.raw`\b(?:ba|z)?sh\s+(?:-c\s+)?(?:["']?\$\(|<\()\s*${FETCH}`),
  },
  {
    messageId: 'pipe',
    re: /\b(?:iex|Invoke-Expression)\b[\s(]*(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod|\(?\s*New-Object\s+(?:System\.)?Net\.WebClient)/i,
  },
  {
    messageId: 'pipe',
    re: /\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^\n|]{0,200}\|\s*(?:iex|Invoke-Expression)\b/i,
  },
];

/** Downloading code and running it at once: whatever the server sends, runs. */
export const pipeToShell = defineRule({
  code: 'security/pipe-to-shell',
  description: 'Report code that pipes a download into a shell or interpreter.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'off', security: 'error' },
  options: z.object({}),
  messages: {
    pipe: 'Unexpected download run by a shell in {where}: `{match}`; download, check, then run',
  },
  async check(ctx) {
    await scanCode(ctx, PATTERNS, /curl|wget|fetch|iex|invoke-expression/i);
  },
});

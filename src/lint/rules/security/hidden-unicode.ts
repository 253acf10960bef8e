// security/hidden-unicode: invisible, bidirectional-control and tag characters in any file of the skill.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { auditFolder } from '../../security/folder.js';
import { asText, positionAt } from '../../security/text.js';

/**
 * Characters that hide or reorder text: zero-width space and marks, soft hyphen, word joiner and
 * invisible operators (U+2060–U+2064), a byte-order mark, bidirectional embeddings, overrides and
 * isolates, and tag characters (which spell ASCII no one sees).
 */
const HIDDEN =
  /[\u00AD\u200B-\u200F\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069]|\uDB40[\uDC00-\uDC7F]/g;
/** The same characters as UTF-8 bytes read as Latin-1: a file without them is never decoded. */
const QUICK_BYTES =
  /\xC2\xAD|\xE2\x80[\x8B-\x8F\xAA-\xAE]|\xE2\x81[\xA0-\xA4\xA6-\xA9]|\xEF\xBB\xBF|\xF3\xA0[\x80\x81]/;
/** A joiner between emoji builds one emoji; between letters of scripts that need it, one glyph. */
const PICTO = /\p{Extended_Pictographic}|\uFE0F/u;
/** A character beyond ASCII (a letter of a script that may need a joiner). */
const beyondAscii = (c: string | undefined): boolean =>
  c !== undefined && c !== '' && c.charCodeAt(0) > 0x7f;

/** Is the character at `i` there for a reason text needs (a ZWJ in an emoji, a BOM at the start)? */
function benign(text: string, i: number, ch: string): boolean {
  if (ch === '\uFEFF') return i === 0;
  if (ch === '\u200C' || ch === '\u200D') {
    const before = text.slice(Math.max(0, i - 2), i);
    const after = text.slice(i + 1, i + 3);
    if (PICTO.test(before) || PICTO.test(after)) return true;
    return beyondAscii(before.slice(-1)) || beyondAscii(after[0]);
  }
  if (ch === '\u200E' || ch === '\u200F')
    return /[\u0590-\u08FF]/.test(text.slice(Math.max(0, i - 2), i + 3));
  return false;
}

const name = (ch: string): string => {
  const cp = ch.codePointAt(0) as number;
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
};

/** Text a reader cannot see is text the model reads anyway, or text shown in another order. */
export const hiddenUnicode = defineRule({
  code: 'security/hidden-unicode',
  description:
    'Report invisible, bidirectional-control and tag characters in any file of the skill.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'off', security: 'error' },
  options: z.object({}),
  messages: {
    hidden: 'Unexpected hidden character {char} ({kind}){more}; remove it or write it as an escape',
  },
  async check(ctx) {
    const folder = await auditFolder(ctx);
    for (const f of folder.files) {
      if (!f.bytes || !QUICK_BYTES.test(f.bytes.toString('latin1'))) continue;
      const text = f.rel === 'SKILL.md' ? ctx.text : asText(f.bytes);
      if (text === undefined) continue;
      let first: { index: number; ch: string } | undefined;
      let count = 0;
      for (const m of text.matchAll(HIDDEN)) {
        if (benign(text, m.index, m[0])) continue;
        first ??= { index: m.index, ch: m[0] };
        count++;
      }
      if (!first) continue;
      ctx.report({
        messageId: 'hidden',
        data: {
          char: name(first.ch),
          kind: kindOf(first.ch),
          more: count > 1 ? `, and ${count - 1} more in this file` : '',
          count,
        },
        start: positionAt(text, first.index),
        file: f.path,
      });
    }
  },
});

function kindOf(ch: string): string {
  if (ch.length === 2) return 'a tag character';
  if (/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/.test(ch)) return 'a bidirectional control';
  if (ch === '\u00AD') return 'a soft hyphen';
  if (ch === '\uFEFF') return 'a byte-order mark inside the text';
  return 'an invisible character';
}

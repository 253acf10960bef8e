// body/broken-link: relative links and images in the body point at files inside the skill folder that exist.

import path from 'node:path';
import { z } from 'zod';
import { defineRule } from '../../define-rule.js';

/** A link found in Markdown: its destination as written and its extent (offsets into the text). */
export interface MarkdownLink {
  target: string;
  start: number;
  end: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm;
const INLINE_CODE = /(?<!`)(`+)(?!`)(?:(?!\n[ \t]*\n)[\s\S])*?(?<!`)\1(?!`)/g;
const COMMENT = /<!--[\s\S]*?-->/g;
/** `[text](`, with one level of brackets inside the text (`[![alt](a.png)](b.md)`). */
const LINK_OPEN = /!?\[((?:[^[\]\n\\]|\\.|\[(?:[^[\]\n\\]|\\.)*\])*)\]\(/g;
const DEFINITION = /^ {0,3}\[([^\]\n^][^\]\n]*)\]:[ \t]*(<[^>\n]*>|\S+)/gm;

/** Blank out code and comments, keeping offsets, so links inside them are not seen. */
function mask(text: string): string {
  // Spaces of the same length per line (a per-character regex is slow on code-heavy skills).
  const blank = (m: string) =>
    m
      .split('\n')
      .map((line) => ' '.repeat(line.length))
      .join('\n');
  return text.replace(FENCE, blank).replace(COMMENT, blank).replace(INLINE_CODE, blank);
}

/** Parse `dest "title")` from `i` (just past the `(`); the destination and the offset after `)`. */
function destination(text: string, i: number): { target: string; end: number } | undefined {
  while (text[i] === ' ' || text[i] === '\t') i++;
  let target: string;
  if (text[i] === '<') {
    const close = text.indexOf('>', i);
    if (close === -1 || text.slice(i, close).includes('\n')) return undefined;
    target = text.slice(i + 1, close);
    i = close + 1;
  } else {
    const from = i;
    let depth = 0;
    for (; i < text.length; i++) {
      const c = text[i] as string;
      if (c === '\\') i++;
      else if (c === '(') depth++;
      else if (c === ')' && depth-- === 0) break;
      else if (/\s/.test(c)) break;
    }
    target = text.slice(from, i);
  }
  const title = /^\s*(?:"[^"]*"|'[^']*'|\([^)]*\))?\s*\)/.exec(text.slice(i, i + 500));
  return title ? { target, end: i + title[0].length } : undefined;
}

/** Inline links, images and reference definitions outside code, in order of appearance. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  // Most bodies have no link at all: skip the masking pass for them.
  if (!markdown.includes('](') && !markdown.includes(']:')) return [];
  const text = mask(markdown);
  const out: MarkdownLink[] = [];
  const scan = (from: number, to: number) => {
    LINK_OPEN.lastIndex = from;
    for (let m = LINK_OPEN.exec(text); m && m.index < to; m = LINK_OPEN.exec(text)) {
      const dest = destination(text, LINK_OPEN.lastIndex);
      if (!dest) continue;
      const inner = m.index + (m[0].startsWith('!') ? 2 : 1);
      const after = LINK_OPEN.lastIndex;
      scan(inner, inner + (m[1] as string).length); // an image inside the link text
      out.push({ target: dest.target, start: m.index, end: dest.end });
      LINK_OPEN.lastIndex = Math.max(after, dest.end);
    }
  };
  scan(0, text.length);
  for (const m of text.matchAll(DEFINITION)) {
    const raw = m[2] as string;
    const target = raw.startsWith('<') ? raw.slice(1, -1) : raw;
    out.push({ target, start: m.index + m[0].indexOf('['), end: m.index + m[0].length });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The file a link target names relative to its folder, or `undefined` when it is not a local relative path. */
export function localPath(target: string): string | undefined {
  // A scheme (`https:`, `mailto:`, `C:`), an anchor, an absolute or home path, or a template placeholder.
  if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || /^[#/\\~]/.test(target))
    return undefined;
  if (/[${}]/.test(target)) return undefined;
  const bare = target.replace(/[?#].*$/s, '').replace(/\\(.)/g, '$1');
  if (bare === '') return undefined;
  try {
    return decodeURIComponent(bare);
  } catch {
    return bare;
  }
}

/** Every relative link or image in the body must name a file that exists, from the skill folder. */
export const bodyBrokenLink = defineRule({
  code: 'body/broken-link',
  description: 'Check that relative links and images in the body point at files that exist.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'warning', security: 'off' },
  options: z.object({}),
  messages: {
    missing: 'The link `{target}` leads to no file (it resolves from the skill folder to `{path}`)',
  },
  async check(ctx) {
    // No `](` and no `]:`: no link can be there, so leave the body undecoded.
    if (!ctx.bodyIncludes('](') && !ctx.bodyIncludes(']:')) return;
    // Markdown's syntax is ASCII, so links are found in the undecoded bytes; only targets are decoded.
    for (const link of markdownLinks(ctx.bodyBytes)) {
      const target = Buffer.from(link.target, 'latin1').toString('utf8');
      const file = localPath(target);
      if (file === undefined) continue;
      const resolved = path.resolve(ctx.skill.dir, file);
      if (await ctx.exists(resolved)) continue;
      ctx.report({
        messageId: 'missing',
        data: { target, path: resolved },
        start: ctx.bodyBytePosition(link.start),
        end: ctx.bodyBytePosition(link.end),
      });
    }
  },
});

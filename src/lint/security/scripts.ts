// The code the script rules read: the folder's script files, and the fenced code blocks of SKILL.md
// in a shell or scripting language. A script runs as it is; a block in SKILL.md documents a command
// the model may run, so findings there are capped at `warning` unless a rule says otherwise.

import path from 'node:path';
import type { Position } from '../../diagnostics/diagnostic.js';
import type { Report, SkillContext } from '../define-rule.js';
import { auditFolder } from './folder.js';
import { asText, FENCE, positionAt } from './text.js';

/** Extensions of files that run as scripts. */
const SCRIPT_EXT = new Set(
  '.sh .bash .zsh .ksh .fish .py .js .mjs .cjs .ts .rb .pl .ps1 .psm1 .bat .cmd .php .lua'.split(
    ' ',
  ),
);
/** Info strings of fenced blocks read as code that runs. */
const FENCE_LANGS = new Set(
  'sh bash shell zsh console terminal powershell ps1 pwsh python py python3 javascript js node ts typescript'.split(
    ' ',
  ),
);

/** A piece of code: the file it is in, its text, where the code is in it, and what it is. */
export interface CodeSource {
  file: string;
  /** The whole file's text (offsets below are into it); SKILL.md's body as Latin-1 (see `bodyBytes`). */
  text: string;
  from: number;
  to: number;
  kind: 'script' | 'documented';
  /** Is it shell (by extension, `#!` line or info string)? Some patterns mean something only there. */
  shell: boolean;
  /** The file position of an offset into `text`. */
  at(offset: number): Position;
  /** A piece of `text` as a message quotes it. */
  decode(s: string): string;
}

// Keyed by the one context lint makes per skill, as in folder.ts.
const cache = new WeakMap<object, Promise<CodeSource[]>>();

const SHELL_EXT = /\.(?:sh|bash|zsh|ksh|fish)$/i;
const SHELL_LANGS = new Set(['sh', 'bash', 'shell', 'zsh', 'console', 'terminal']);

/** Is the script at `rel` shell: by extension, or a `#!` line naming a shell? */
const isShell = (rel: string, text: string): boolean =>
  SHELL_EXT.test(rel) || /^#!\S*(?:\/|\s)(?:ba|z|k|da)?sh\b/.test(text.slice(0, 100));

/** Is `rel` (with `bytes`) a script: a script extension, or a `#!` line? */
function isScript(rel: string, text: string): boolean {
  return SCRIPT_EXT.has(path.extname(rel).toLowerCase()) || text.startsWith('#!');
}

const asIs = (s: string): string => s;
const fromLatin1 = (s: string): string => Buffer.from(s, 'latin1').toString('utf8');

/**
 * The fenced blocks of SKILL.md's body in a language that runs. The patterns are ASCII, so they are
 * matched on the undecoded bytes (as `body/broken-link` finds links): decoding is most of the cost.
 */
function fencedCode(ctx: SkillContext<unknown>): CodeSource[] {
  if (!ctx.bodyIncludes('```') && !ctx.bodyIncludes('~~~')) return [];
  const text = ctx.bodyBytes;
  const at = (i: number) => ctx.bodyBytePosition(i);
  const out: CodeSource[] = [];
  for (const m of text.matchAll(FENCE)) {
    const lang =
      (m[2] ?? '')
        .trim()
        .split(/[\s{,]/)[0]
        ?.toLowerCase() ?? '';
    if (!FENCE_LANGS.has(lang)) continue;
    const from = m.index + m[0].indexOf('\n') + 1;
    const to = from + (m[3] ?? '').length;
    const shell = SHELL_LANGS.has(lang);
    const file = ctx.skill.path;
    out.push({ file, text, from, to, kind: 'documented', shell, at, decode: fromLatin1 });
  }
  return out;
}

/** Every piece of code of the skill, scripts first. */
export function codeSources(ctx: SkillContext<unknown>): Promise<CodeSource[]> {
  let found = cache.get(ctx);
  if (!found) {
    found = (async () => {
      const folder = await auditFolder(ctx);
      const out: CodeSource[] = [];
      for (const f of folder.files) {
        if (f.rel === 'SKILL.md' || !f.bytes) continue;
        const text = asText(f.bytes);
        if (text === undefined || !isScript(f.rel, text)) continue;
        const at = (i: number) => positionAt(text, i);
        out.push({
          file: f.path,
          text,
          from: 0,
          to: text.length,
          kind: 'script',
          shell: isShell(f.rel, text),
          at,
          decode: asIs,
        });
      }
      return [...out, ...fencedCode(ctx)];
    })();
    cache.set(ctx, found);
  }
  return found;
}

/** A pattern the script rules look for, and the message it reports. */
export interface CodePattern {
  messageId: string;
  re: RegExp;
  /** The most a documented block's finding weighs (default `warning`); `error` keeps it. */
  documented?: 'error' | 'warning';
  /** Look for it only in shell code (a bare `env` is a command in shell, a name in JavaScript). */
  shellOnly?: boolean;
}

/**
 * Report the first match of each pattern in each piece of code (one finding per pattern and piece,
 * so a long script does not drown the report, and one per line), with the line it is on.
 */
export async function scanCode(
  ctx: SkillContext<unknown>,
  patterns: readonly CodePattern[],
  quick: RegExp,
): Promise<void> {
  for (const src of await codeSources(ctx)) {
    const code = src.text.slice(src.from, src.to);
    if (!quick.test(code)) continue;
    const lines = new Set<number>();
    for (const p of patterns) {
      if (p.shellOnly && !src.shell) continue;
      const m = p.re.exec(code);
      if (!m) continue;
      const start: Position = src.at(src.from + m.index);
      // Two patterns on one line are one finding.
      if (lines.has(start.line)) continue;
      lines.add(start.line);
      const report: Report = {
        messageId: p.messageId,
        data: {
          match: excerpt(src.decode(m[0])),
          where: src.kind === 'script' ? 'a script' : 'a code block',
        },
        start,
        file: src.file,
      };
      if (src.kind === 'documented') report.cap = p.documented ?? 'warning';
      ctx.report(report);
    }
  }
}

/** A match as a message quotes it: one line, at most 80 characters. */
export function excerpt(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 80 ? `${one.slice(0, 77)}...` : one;
}

// A skill's file as the rules read it: its bytes once, its text and body decoded only when a rule asks.

import { type Diagnostic, diagnostic, type Position } from '../diagnostics/diagnostic.js';
import type { FileSystem } from '../files/fs.js';
import { repairUtf8 } from '../skill/parse.js';
import type { Skill } from '../skill/types.js';
import type { BodyStats, SkillInput } from './define-rule.js';

const isSpace = (b: number): boolean =>
  b === 32 || b === 10 || b === 13 || b === 9 || b === 12 || b === 11;

/** Sizes of `bytes[from..]`: lines, bytes, and bytes without surrounding white space. */
export function measureBody(bytes: Buffer, from: number): BodyStats {
  const to = bytes.length;
  let lines = 0;
  for (let i = bytes.indexOf(10, from); i !== -1; i = bytes.indexOf(10, i + 1)) lines++;
  if (to > from && bytes[to - 1] !== 10) lines++;
  let lead = from;
  while (lead < to && isSpace(bytes[lead] as number)) lead++;
  let trail = to;
  while (trail > lead && isSpace(bytes[trail - 1] as number)) trail--;
  return { lines, bytes: to - from, trimmedBytes: trail - lead };
}

/** A skill that could not be read again for its rules (gone or changed since discovery). */
function unreadable(skill: Skill, why: string): Diagnostic {
  return diagnostic(
    'lint/unreadable-skill',
    'warning',
    skill.path,
    `This file could not be read again for the rules (${why}); only discovery's checks apply to it`,
  );
}

/**
 * A skill's input for the rules: its bytes as discovery handed them over (`seen`, by real path), else
 * read again; a diagnostic when they cannot be.
 */
export async function readInput(
  fs: FileSystem,
  skill: Skill,
  seen: Map<string, Buffer>,
): Promise<SkillInput | Diagnostic> {
  let raw = seen.get(skill.realPath);
  if (!raw) {
    let r: Awaited<ReturnType<FileSystem['readFile']>>;
    try {
      r = await fs.readFile(skill.realPath || skill.path, Number.MAX_SAFE_INTEGER);
    } catch (e) {
      return unreadable(skill, (e as NodeJS.ErrnoException).code ?? (e as Error).message);
    }
    if (!r.ok) return unreadable(skill, r.reason);
    raw = r.bytes;
  }
  const bytes = repairUtf8(raw);
  // Decoding UTF-8 is most of what reading costs, and most rules never look at the body.
  let text: string | undefined;
  let body: string | undefined;
  const input = {
    skill,
    bodyStats: measureBody(bytes, skill.bodyOffset),
    bodyIncludes: (needle: string) => bytes.includes(needle, skill.bodyOffset),
    bodyBytePosition(offset: number): Position {
      const at = skill.bodyOffset + offset;
      const lineStart = bytes.lastIndexOf(10, at - 1) + 1;
      let line = skill.bodyLine;
      for (
        let i = bytes.indexOf(10, skill.bodyOffset);
        i !== -1 && i < lineStart;
        i = bytes.indexOf(10, i + 1)
      )
        line++;
      return {
        line,
        column: bytes.toString('utf8', Math.max(lineStart, skill.bodyOffset), at).length + 1,
      };
    },
  } as SkillInput & { bytes: Buffer };
  let latin1: string | undefined;
  Object.defineProperty(input, 'bodyBytes', {
    enumerable: false,
    get: () => {
      latin1 ??= bytes.toString('latin1', skill.bodyOffset);
      return latin1;
    },
  });
  Object.defineProperty(input, 'bytes', { value: bytes, enumerable: false });
  Object.defineProperty(input, 'text', {
    enumerable: true,
    get: () => {
      text ??= bytes.toString('utf8');
      return text;
    },
  });
  Object.defineProperty(input, 'body', {
    enumerable: true,
    get: () => {
      body ??=
        text !== undefined
          ? text.slice(bytes.toString('utf8', 0, skill.bodyOffset).length)
          : bytes.toString('utf8', skill.bodyOffset);
      return body;
    },
  });
  return input;
}

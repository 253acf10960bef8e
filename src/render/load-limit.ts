// The note a load result carries when the load's bounds cut it: what was left out (the body cut, an
// import cut or not followed, how many more), and how the model reads the rest (read_skill_file).

import { escapeXml } from './available-skills.js';

/** What a load's bounds left out. */
export interface LoadCut {
  /**
   * The bound was the selection budget's share for a skill that loads in part (`select`), not the
   * load's own limits.
   */
  part?: true;
  /** The bound on the body and its imports, in UTF-8 bytes. */
  maxBytes: number;
  /** The bound on imported files. */
  maxImports: number;
  /** The body itself was cut: the bytes kept of its size. */
  body?: { kept: number; size: number };
  /** The imports cut or not followed, the first of them. */
  imports: LeftOutEntry[];
  /** How many more `@import` lines were not followed. */
  more: number;
}

/** One import a bound stopped, as the note names it. */
export interface LeftOutEntry {
  /** The path as written. */
  spec: string;
  /**
   * The file, relative to the skill folder when it was found there (what read_skill_file takes), else
   * to the project root.
   */
  path?: string;
  /** It was found outside the skill folder (a parent's, the project's): read_skill_file cannot read it. */
  outside?: boolean;
  /** The file with the `@import` line, relative like `path`, and the line. */
  from: string;
  line: number;
  reason: 'bytes' | 'files' | 'lines';
  /** Cut: the bytes kept of its size. */
  kept?: number;
  size?: number;
}

const n = (x: number): string => x.toLocaleString('en');

function why(e: LeftOutEntry, c: LoadCut): string {
  if (e.kept !== undefined && e.size !== undefined)
    return `cut after ${n(e.kept)} of ${n(e.size)} bytes`;
  if (e.reason === 'files') return `not followed: ${n(c.maxImports)} files imported already`;
  if (e.reason === 'lines') return 'not followed: too many @import lines examined already';
  return e.size !== undefined
    ? `not read (${n(e.size)} bytes): the byte limit is reached`
    : 'not followed: the byte limit is reached';
}

/** The note's text, inside the load result (`skill` names the skill for read_skill_file). */
export function renderLoadCut(c: LoadCut, skill: string): string {
  const lines = [
    '<skill_load_limit>',
    c.part
      ? `This skill is loaded in part, to fit the selection's budget: ${n(c.maxBytes)} bytes of body and imports. Left out:`
      : `This load reached its limits (${n(c.maxBytes)} bytes of body and imports, ${n(c.maxImports)} imported files). Left out:`,
  ];
  if (c.body)
    lines.push(`- SKILL.md: the body, cut after ${n(c.body.kept)} of ${n(c.body.size)} bytes`);
  for (const e of c.imports) {
    const name = escapeXml(e.path ?? e.spec) + (e.outside ? ' (outside the skill folder)' : '');
    lines.push(`- ${name} (@import in ${escapeXml(e.from)}, line ${e.line}): ${why(e, c)}`);
  }
  if (c.more > 0) lines.push(`- and ${n(c.more)} more @import lines, not followed`);
  // Lines in files never read are not counted: the list names what the load saw.
  const name = escapeXml(skill);
  lines.push(
    c.part
      ? `If you need the rest, load_skill "${name}" gives it whole, or read_skill_file (skill "${name}", the path as listed) the part you need.`
      : `Read what was left out with read_skill_file (skill "${name}", the path as listed), the part you need when you need it.`,
    '</skill_load_limit>',
  );
  return lines.join('\n');
}

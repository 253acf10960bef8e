// A Markdown body as sections by heading, for `extends`: a title, a preamble, and the sections at
// the first level below the title, each holding its subsections.

import { codeLines } from '../text/fences.js';

/** One section: its heading line and everything up to the next heading of its level or higher. */
export interface Section {
  /** The heading text, normalised: what two sections are matched by. */
  key: string;
  text: string;
}

/** A body split for merging. */
export interface SplitBody {
  /** The document's `#` title line, when it opens the body and is its only level-1 heading. */
  title?: string;
  /** Text before the first section (after the title). */
  preamble: string;
  sections: Section[];
}

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

interface Line {
  text: string;
  /** Heading level, 0 for other lines (fenced code never holds headings). */
  level: number;
  title: string;
}

function lines(body: string): Line[] {
  const texts = body.split(/(?<=\n)/);
  const bare = texts.map((t) => t.replace(/\r?\n$/, ''));
  const code = codeLines(bare);
  return texts.map((text, i) => {
    const h = code[i] ? null : HEADING.exec(bare[i] as string);
    return h
      ? { text, level: (h[1] as string).length, title: (h[2] ?? '').trim() }
      : { text, level: 0, title: '' };
  });
}

/** How two headings are matched: their text, case and spacing aside. */
export function sectionKey(title: string): string {
  return title.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Split a body into its title, preamble and top sections. */
export function splitSections(body: string): SplitBody {
  const all = lines(body);
  let start = 0;
  let title: string | undefined;
  const firstContent = all.findIndex((l) => l.text.trim() !== '');
  const ones = all.filter((l) => l.level === 1).length;
  if (firstContent >= 0 && all[firstContent]?.level === 1 && ones === 1) {
    title = all
      .slice(0, firstContent + 1)
      .map((l) => l.text)
      .join('');
    start = firstContent + 1;
  }
  const rest = all.slice(start);
  const levels = rest.filter((l) => l.level > 0).map((l) => l.level);
  const top = levels.length > 0 ? Math.min(...levels) : 0;
  const out: SplitBody = { preamble: '', sections: [] };
  if (title !== undefined) out.title = title;
  let current: Section | undefined;
  for (const l of rest) {
    if (top > 0 && l.level > 0 && l.level <= top) {
      current = { key: sectionKey(l.title), text: l.text };
      out.sections.push(current);
    } else if (current) current.text += l.text;
    else out.preamble += l.text;
  }
  return out;
}

/**
 * The parent's body with the child's sections: a child section replaces the parent's section of the
 * same heading (subsections and all), a new one is appended; the child's title and preamble win
 * when it has them.
 */
export function mergeSections(parent: string, child: string): string {
  const p = splitSections(parent);
  const c = splitSections(child);
  const byKey = new Map(c.sections.map((s) => [s.key, s]));
  const used = new Set<string>();
  const merged = p.sections.map((s) => {
    const own = byKey.get(s.key);
    if (!own) return s.text;
    used.add(s.key);
    return own.text;
  });
  for (const s of c.sections) if (!used.has(s.key)) merged.push(ensureBreak(s.text));
  const title = c.title ?? p.title ?? '';
  const preamble = c.preamble.trim() !== '' ? c.preamble : p.preamble;
  return [
    title,
    preamble,
    ...merged.map((t, i) => (i < merged.length - 1 ? ensureBreak(t) : t)),
  ].join('');
}

function ensureBreak(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** The body of a skill composed over its parents: `childFirst` is the skill's body, then each parent's. */
export function composeBodies(childFirst: readonly string[]): string {
  let body = childFirst[childFirst.length - 1] ?? '';
  for (let i = childFirst.length - 2; i >= 0; i--)
    body = mergeSections(body, childFirst[i] as string);
  return body;
}

// A skill as the index sees it: metadata fields, body sections, and its routing clauses.

import type { Skill } from '../skill/types.js';
import { type NotFor, parseClauses } from './clauses.js';
import { identifierWords, tokenize } from './tokenize.js';

/** The metadata fields, in index column order. */
export const META_FIELDS = ['name', 'description', 'triggers', 'tags', 'headings'] as const;

/** A metadata field name. */
export type MetaField = (typeof META_FIELDS)[number];

/** One indexed skill: terms per metadata field, body sections, and routing clauses. */
export interface SearchDocument {
  id: string;
  name: string;
  path: string;
  contentHash: string;
  /** The description on one line, as written (shown with results). */
  description: string;
  /** Terms per metadata field (stemmed; stop words dropped). */
  fields: Record<MetaField, string[]>;
  /** The body's terms, space-separated, one line per section (what the body table indexes). */
  body: string;
  /** The body's length in terms. */
  bodyLength: number;
  notFor: NotFor[];
  /** Each trigger phrase and alias on its own, as terms (the `triggers` field runs them together). */
  triggerPhrases: string[][];
  /** Other skills' names this skill mentions (hyphenated words in its frontmatter and body, its own name left out). */
  mentions: string[];
}

const MAX_SECTION_CHARS = 8000;

/** Split a Markdown body into sections at headings (fenced code stays in its section). */
export function sections(body: string): { headings: string[]; parts: string[] } {
  const headings: string[] = [];
  const parts: string[] = [];
  let current: string[] = [];
  let fence = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const h = !fence && /^#{1,6}\s+(.*)$/.exec(line);
    if (h) {
      if (current.length > 0) parts.push(current.join('\n'));
      current = [];
      headings.push((h[1] as string).trim());
    }
    current.push(line);
  }
  if (current.length > 0) parts.push(current.join('\n'));
  return {
    headings,
    parts: parts.map((p) => p.slice(0, MAX_SECTION_CHARS)).filter((p) => p.trim() !== ''),
  };
}

/**
 * A name's terms, every one (stop words and repeats too), sorted, space-separated: the key a query
 * matches when it names the skill (`governor-limits`, `governor limits`, `GovernorLimits` and
 * `limits governor` all give `govern limit`; `salesforce-integration` is not
 * `salesforce-to-salesforce-integration`, nor `claude code` `everything-claude-code`).
 */
export function nameKey(terms: readonly string[]): string {
  return [...terms].sort().join(' ');
}

/** The name key of any text (`nameKey`): a skill's name, or a query. */
export function nameKeyOf(text: string): string {
  return nameKey(tokenize(identifierWords(text), { keepStopWords: true }));
}

/** Build the search document of a skill from its record and body. */
export function toDocument(skill: Skill, body: string): SearchDocument {
  const fm = skill.frontmatter;
  const clauses = parseClauses(skill.description);
  const { headings, parts } = sections(body);
  // Each phrase tokenised once: the triggers field is their terms in a row (words never span lines).
  const phrases = [
    ...(fm.triggers?.intents ?? []),
    ...(fm.triggers?.contexts ?? []),
    ...clauses.triggers,
    ...(fm.aliases ?? []),
  ]
    .map((p) => tokenize(p))
    .filter((t) => t.length > 0);
  return {
    id: skill.id,
    name: skill.name,
    path: skill.path,
    contentHash: skill.contentHash,
    description: skill.description.replace(/\s+/g, ' ').trim(),
    fields: {
      name: tokenize(identifierWords(skill.name)),
      description: tokenize(clauses.lead),
      triggers: [...phrases.flat(), ...tokenize(fm.whenToUse ?? '')],
      tags: tokenize([...(fm.tags ?? []), fm.category ?? '', fm.domain ?? ''].join(' ')),
      headings: tokenize(headings.join('\n')),
    },
    ...indexBody(parts.map((p) => tokenize(p))),
    notFor: clauses.notFor,
    triggerPhrases: phrases,
    mentions: mentions([...stringsIn(skill.raw), body], skill.name),
  };
}

/** A body's terms (one list per section) as the index stores them: the text, and its length in terms. */
export function indexBody(
  sections: readonly string[][],
): Pick<SearchDocument, 'body' | 'bodyLength'> {
  let length = 0;
  const lines: string[] = [];
  for (const terms of sections) {
    if (terms.length === 0) continue;
    length += terms.length;
    lines.push(terms.join(' '));
  }
  return { body: lines.join('\n'), bodyLength: length };
}

/** Every string inside a parsed YAML value. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * The hyphenated words of `texts` (`admin/validation-rules` mentions `validation-rules`), lower-cased,
 * unique and sorted, without `self`. Only hyphenated names can be told from ordinary words, so only
 * they count. A scan from each hyphen outwards: a regular expression that tries every word is 3× slower.
 */
function mentions(texts: readonly string[], self: string): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    let from = 0;
    for (;;) {
      const at = text.indexOf('-', from);
      if (at < 0) break;
      from = at + 1;
      // A name's hyphen sits between a letter or digit and another (list markers and rules do not).
      if (!alnum(text.charCodeAt(at - 1)) || !alnum(text.charCodeAt(at + 1))) continue;
      let start = at - 1;
      let end = at + 2;
      while (start > 0 && nameChar(text.charCodeAt(start - 1))) start--;
      while (end < text.length && nameChar(text.charCodeAt(end))) end++;
      from = end;
      const run = text.slice(start, end).toLowerCase();
      if (!run.includes('--') && run[0] !== '-' && run[run.length - 1] !== '-') found.add(run);
      else
        for (const piece of run.split(/-{2,}/)) {
          const word = piece.replace(/^-+|-+$/g, '');
          if (word.includes('-')) found.add(word);
        }
    }
  }
  found.delete(self);
  return [...found].sort();
}

/** ASCII letters and digits. */
function alnum(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
}

/** ASCII letters, digits and the hyphen: the characters of a skill name. */
function nameChar(c: number): boolean {
  return alnum(c) || c === 45;
}

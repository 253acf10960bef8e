// The three forms of a listing (markdown lines, the `<available_skills>` block, a JSON array) and
// what each costs in characters, exactly: frame + Σ entry + separator × (n − 1) + closing line. The
// cascade decides with these numbers; rendering gives the same length, which the tests check.

import { escapeXml, renderAvailableSkills } from './available-skills.js';
import type { Measure } from './listing-text.js';

/** The forms a listing comes in. */
export type ListingFormat = 'markdown' | 'xml' | 'json';

/** One entry as it is printed: `text` null for a name alone. */
export interface EntryView {
  name: string;
  location: string;
  text: string | null;
  /** Cut to its name: the XML form leaves out the empty `<description>` (29 characters an entry). */
  bare?: boolean;
}

/** A form: how it prints and what each part costs. */
export interface FormatSpec {
  /** The length of the listing with no entry. */
  frame: number;
  /** The length between two entries. */
  sep: number;
  /** How long a description is once printed (escaped) in this form. */
  measure: Measure;
  /** The length of one entry. */
  cost(view: EntryView): number;
  /** The length of an entry with a non-empty text, less that text's measure. */
  base(name: string, location: string): number;
  /** What the closing line adds after `listed` entries. */
  closingCost(listed: number, line: string, omitted: number): number;
  /** The listing's text. */
  render(views: readonly EntryView[], closing: { line: string; omitted: number } | null): string;
  /** What the closing line alone costs when no entry is listed (XML drops the empty block; JSON stays an array). */
  aloneCost(line: string, omitted: number): number;
  /** The text when no entry is listed. */
  alone(line: string, omitted: number): string;
}

const markdownLine = (v: EntryView): string =>
  v.text === null || v.text === '' ? `- ${v.name}` : `- ${v.name}: ${v.text}`;

const markdown: FormatSpec = {
  frame: 0,
  sep: 1,
  measure: (s) => s.length,
  cost: (v) => markdownLine(v).length,
  base: (name) => name.length + 4,
  closingCost: (listed, line) => (listed > 0 ? 1 : 0) + line.length,
  aloneCost: (line) => line.length,
  alone: (line) => line,
  render(views, closing) {
    const lines = views.map(markdownLine);
    if (closing) lines.push(closing.line);
    return lines.join('\n');
  },
};

const asSkill = (v: EntryView) => ({ name: v.name, description: v.text ?? '', path: v.location });
const XML_FRAME = renderAvailableSkills([]).length;

/** An entry of the block: the reference's form, or without `<description>` when cut to its name. */
const xmlEntry = (v: EntryView): string =>
  v.bare
    ? `\n<skill>\n<name>\n${escapeXml(v.name)}\n</name>\n<location>\n${escapeXml(v.location)}\n</location>\n</skill>`
    : renderAvailableSkills([asSkill(v)]).slice(
        '<available_skills>'.length,
        -'\n</available_skills>'.length,
      );

const xml: FormatSpec = {
  frame: XML_FRAME,
  sep: 0,
  measure: (s) => escapeXml(s).length,
  cost: (v) => xmlEntry(v).length,
  base: (name, location) => xmlEntry({ name, location, text: '' }).length,
  closingCost: (_listed, line) => 1 + line.length,
  aloneCost: (line) => line.length,
  alone: (line) => line,
  render(views, closing) {
    const block = `<available_skills>${views.map(xmlEntry).join('')}\n</available_skills>`;
    return closing ? `${block}\n${closing.line}` : block;
  },
};

const jsonEntry = (v: EntryView): object =>
  v.text === null || v.text === ''
    ? { name: v.name, location: v.location }
    : { name: v.name, description: v.text, location: v.location };
const jsonClosing = (line: string, omitted: number): object => ({ omitted, note: line });

const json: FormatSpec = {
  frame: 2,
  sep: 1,
  measure: (s) => JSON.stringify(s).length - 2,
  cost: (v) => JSON.stringify(jsonEntry(v)).length,
  // The `"description":"",` a text adds besides its own escaped length.
  base: (name, location) => JSON.stringify({ name, description: '', location }).length,
  closingCost: (listed, line, omitted) =>
    (listed > 0 ? 1 : 0) + JSON.stringify(jsonClosing(line, omitted)).length,
  aloneCost: (line, omitted) => JSON.stringify([jsonClosing(line, omitted)]).length,
  alone: (line, omitted) => JSON.stringify([jsonClosing(line, omitted)]),
  render(views, closing) {
    const items = views.map(jsonEntry);
    if (closing) items.push(jsonClosing(closing.line, closing.omitted));
    return JSON.stringify(items);
  },
};

/** The spec of a form. */
export function formatSpec(format: ListingFormat): FormatSpec {
  return format === 'xml' ? xml : format === 'json' ? json : markdown;
}

/** The length of `views` printed in `spec`, without a closing line. */
export function listingCost(spec: FormatSpec, views: readonly EntryView[]): number {
  let n = spec.frame + spec.sep * Math.max(0, views.length - 1);
  for (const v of views) n += spec.cost(v);
  return n;
}

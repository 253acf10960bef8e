// The three forms of a listing (markdown lines, the `<available_skills>` block, a JSON array) and
// what each costs in characters, exactly: frame + Σ block + separator × (blocks − 1) + closing line.
// A block is one entry, or one domain's group of names (when names must be cut, each domain is named
// once). The cascade decides with these numbers; rendering gives the same length, which tests check.

import { escapeXml, renderAvailableSkills } from './available-skills.js';
import type { Measure } from './listing-text.js';

/** The forms a listing comes in. */
export type ListingFormat = 'markdown' | 'xml' | 'json';

/** One entry as it is printed: `text` null for a name alone, `location` null for no path. */
export interface EntryView {
  name: string;
  location: string | null;
  text: string | null;
  /** Cut to its name: the XML form leaves out the empty `<description>` (29 characters an entry). */
  bare?: boolean;
}

/** One domain's names, printed once under the domain with its number of skills. */
export interface GroupView {
  domain: string;
  /** The domain's visible skills, listed or not. */
  skills: number;
  names: string[];
}

/** What a listing is made of, in order. */
export type Block = EntryView | GroupView;

const isGroup = (b: Block): b is GroupView => 'names' in b;

/** A form: how it prints and what each part costs. */
export interface FormatSpec {
  /** The length of the listing with no entry. */
  frame: number;
  /** The length between two blocks. */
  sep: number;
  /** How long a description is once printed (escaped) in this form. */
  measure: Measure;
  /** The length of one entry. */
  cost(view: EntryView): number;
  /** The length of one group. */
  groupCost(group: GroupView): number;
  /** What one more name adds to a group: the name, and the joiner unless it is the first. */
  nameCost(name: string, first: boolean): number;
  /** The length of an entry with a non-empty text, less that text's measure. */
  base(name: string, location: string | null): number;
  /** What the closing line adds after `listed` blocks. */
  closingCost(listed: number, line: string, omitted: number): number;
  /** The listing's text. */
  render(blocks: readonly Block[], closing: { line: string; omitted: number } | null): string;
  /** What the closing line alone costs when no entry is listed (XML drops the empty block; JSON stays an array). */
  aloneCost(line: string, omitted: number): number;
  /** The text when no entry is listed. */
  alone(line: string, omitted: number): string;
}

/** `1 skill`, `12 skills`. */
const skills = (n: number): string => `${n} skill${n === 1 ? '' : 's'}`;

const markdownLine = (v: EntryView): string =>
  v.text === null || v.text === '' ? `- ${v.name}` : `- ${v.name}: ${v.text}`;
const markdownGroup = (g: GroupView): string =>
  `${g.domain} (${skills(g.skills)}): ${g.names.join(', ')}`;
const markdownBlock = (b: Block): string => (isGroup(b) ? markdownGroup(b) : markdownLine(b));

const markdown: FormatSpec = {
  frame: 0,
  sep: 1,
  measure: (s) => s.length,
  cost: (v) => markdownLine(v).length,
  groupCost: (g) => markdownGroup(g).length,
  nameCost: (name, first) => name.length + (first ? 0 : 2),
  base: (name) => name.length + 4,
  closingCost: (listed, line) => (listed > 0 ? 1 : 0) + line.length,
  aloneCost: (line) => line.length,
  alone: (line) => line,
  render(blocks, closing) {
    const lines = blocks.map(markdownBlock);
    if (closing) lines.push(closing.line);
    return lines.join('\n');
  },
};

const XML_FRAME = renderAvailableSkills([]).length;
const xmlLocation = (v: EntryView): string =>
  v.location === null ? '' : `\n<location>\n${escapeXml(v.location)}\n</location>`;

/**
 * An entry of the block: the reference's form while it carries its path; without `<location>` once
 * paths are dropped, and without `<description>` when cut to its name.
 */
const xmlEntry = (v: EntryView): string => {
  const description = v.bare ? '' : `\n<description>\n${escapeXml(v.text ?? '')}\n</description>`;
  return `\n<skill>\n<name>\n${escapeXml(v.name)}\n</name>${description}${xmlLocation(v)}\n</skill>`;
};
const xmlGroup = (g: GroupView): string =>
  `\n<domain name="${escapeXml(g.domain)}" skills="${g.skills}">\n${g.names.map(escapeXml).join(', ')}\n</domain>`;
const xmlBlock = (b: Block): string => (isGroup(b) ? xmlGroup(b) : xmlEntry(b));

const xml: FormatSpec = {
  frame: XML_FRAME,
  sep: 0,
  measure: (s) => escapeXml(s).length,
  cost: (v) => xmlEntry(v).length,
  groupCost: (g) => xmlGroup(g).length,
  nameCost: (name, first) => escapeXml(name).length + (first ? 0 : 2),
  base: (name, location) => xmlEntry({ name, location, text: '' }).length,
  closingCost: (_listed, line) => 1 + line.length,
  aloneCost: (line) => line.length,
  alone: (line) => line,
  render(blocks, closing) {
    const block = `<available_skills>${blocks.map(xmlBlock).join('')}\n</available_skills>`;
    return closing ? `${block}\n${closing.line}` : block;
  },
};

const jsonEntry = (v: EntryView): object => ({
  name: v.name,
  ...(v.text === null || v.text === '' ? {} : { description: v.text }),
  ...(v.location === null ? {} : { location: v.location }),
});
const jsonGroup = (g: GroupView): object => ({
  domain: g.domain,
  skills: g.skills,
  names: g.names,
});
const jsonBlock = (b: Block): object => (isGroup(b) ? jsonGroup(b) : jsonEntry(b));
const jsonClosing = (line: string, omitted: number): object => ({ omitted, note: line });

const json: FormatSpec = {
  frame: 2,
  sep: 1,
  measure: (s) => JSON.stringify(s).length - 2,
  cost: (v) => JSON.stringify(jsonEntry(v)).length,
  groupCost: (g) => JSON.stringify(jsonGroup(g)).length,
  nameCost: (name, first) => JSON.stringify(name).length + (first ? 0 : 1),
  // The `"description":"",` a text adds besides its own escaped length.
  base: (name, location) =>
    JSON.stringify({ name, description: '', ...(location === null ? {} : { location }) }).length,
  closingCost: (listed, line, omitted) =>
    (listed > 0 ? 1 : 0) + JSON.stringify(jsonClosing(line, omitted)).length,
  aloneCost: (line, omitted) => JSON.stringify([jsonClosing(line, omitted)]).length,
  alone: (line, omitted) => JSON.stringify([jsonClosing(line, omitted)]),
  render(blocks, closing) {
    const items = blocks.map(jsonBlock);
    if (closing) items.push(jsonClosing(closing.line, closing.omitted));
    return JSON.stringify(items);
  },
};

/** The spec of a form. */
export function formatSpec(format: ListingFormat): FormatSpec {
  return format === 'xml' ? xml : format === 'json' ? json : markdown;
}

/** The length of `blocks` printed in `spec`, without a closing line. */
export function listingCost(spec: FormatSpec, blocks: readonly Block[]): number {
  let n = spec.frame + spec.sep * Math.max(0, blocks.length - 1);
  for (const b of blocks) n += isGroup(b) ? spec.groupCost(b) : spec.cost(b);
  return n;
}

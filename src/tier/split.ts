// A description cut into the three parts a gloss is built from: lead prose, the `Triggers:` clause
// (its phrases, whole) and the `NOT for …` clauses (each whole, with its `use <target>` when named).

import { collapse, trimEndOf, trimOf } from './text.js';

/** One trigger phrase as written (quotes kept), and the separator that followed it (`,` or `;`). */
export interface TriggerPhrase {
  text: string;
  sep: ',' | ';';
}

/** A description's parts; any may be empty. */
export interface DescriptionParts {
  /** Everything that is neither triggers nor `NOT for`, without `Use when` boilerplate or end punctuation. */
  lead: string;
  /** The `Triggers:` clause as written, without its label and end punctuation. */
  triggers: string;
  /** The clause's phrases, split on `,` and `;` outside quotes. */
  phrases: TriggerPhrase[];
  /** The `NOT for …` clauses, in order, each whole. */
  notFor: string[];
}

// `Triggers:` / `Trigger keywords:` / `Trigger phrases:`, the label of the vocabulary clause.
const TRIGGER_LABEL = /\b(?:Trigger\s+keywords?|Trigger\s+phrases?|Triggers?)\s*:\s*/iu;
// A `NOT for` clause only where it starts a sentence or follows another clause (`…, NOT for`,
// `… — and NOT for`), so prose saying "… is NOT for production" stays prose.
const NOT_FOR = /(?:^|(?<=[.;,]\s)|(?<=(?:,|\s[—–-])\s(?:and|or)\s))NOT\s+for\b/gu;
// What joins a clause to the next one (`, `, `, and `, ` — and `): dropped, the clauses print as sentences.
const JOINER = /(?:,|\s[—–-])\s*(?:(?:and|or)\s*)?$/u;
// Lead boilerplate that discriminates nothing ("Use when …").
const BOILERPLATE =
  /^(?:Use\s+this\s+skill\s+(?:when|for)|Use\s+this\s+when|Use\s+when|Use\s+for)\s+/iu;
// The end of a sentence inside a trigger clause: `. ` before a capital, not after `e.g.` and friends.
const SENTENCE_END = /(?<!\b(?:e\.g|i\.e|vs|cf|approx))[.!?](?=\s+\p{Lu})/u;

const CLOSERS: Record<string, string> = { "'": "'’", '"': '"”', '‘': '’', '“': '”' };

/** The end (exclusive) of a quoted phrase opening at `at`, or -1 when its quote never closes a phrase. */
function quotedEnd(s: string, at: number): number {
  const closers = CLOSERS[s[at] as string] as string;
  for (let j = at + 1; j < s.length; j++) {
    if (!closers.includes(s[j] as string)) continue;
    // A quote closes the phrase only before a separator, a sentence end or the end of the clause;
    // so the apostrophe in 'why can't user see record' does not.
    if (/^\s*(?:[,;]|[.!?](?:\s|$)|$)/u.test(s.slice(j + 1))) return j + 1;
  }
  return -1;
}

/** The phrases of a trigger clause and where the clause ends in `s` (at a sentence end, or `s`'s end). */
function scanTriggers(s: string): { phrases: TriggerPhrase[]; end: number } {
  const phrases: TriggerPhrase[] = [];
  const push = (text: string, sep: ',' | ';') => {
    const t = text.trim();
    if (t !== '') phrases.push({ text: t, sep });
  };
  let pos = 0;
  while (pos < s.length) {
    while (s[pos] === ' ') pos++;
    if (pos >= s.length) break;
    const quoted = (s[pos] as string) in CLOSERS ? quotedEnd(s, pos) : -1;
    let stop: number;
    let endsClause: boolean;
    if (quoted > 0) {
      stop = quoted;
      while (s[stop] === ' ') stop++;
      // After a closed quote the phrase boundary is unambiguous: a full stop ends the clause.
      endsClause = /[.!?]/u.test(s[stop] ?? '');
    } else {
      const rest = s.slice(pos);
      const sep = /[,;]/u.exec(rest)?.index ?? rest.length;
      const end = SENTENCE_END.exec(rest)?.index ?? rest.length;
      stop = pos + Math.min(sep, end);
      endsClause = end < sep;
    }
    const ch = s[stop];
    if (!endsClause && (ch === ',' || ch === ';')) {
      push(s.slice(pos, stop), ch);
      pos = stop + 1;
      continue;
    }
    push(trimEndOf(s.slice(pos, stop), ' .!?'), ',');
    return { phrases, end: endsClause ? stop + 1 : s.length };
  }
  return { phrases, end: s.length };
}

/** The lead pieces joined as sentences, boilerplate and end punctuation removed. */
function joinLead(pieces: string[]): string {
  const kept = pieces.map((p) => trimOf(p, ' ;,')).filter((p) => p !== '');
  const text = kept.map((p, i) => (i < kept.length - 1 && !/[.!?:]$/u.test(p) ? `${p}.` : p));
  return trimOf(text.join(' ').replace(BOILERPLATE, ''), ' .;,');
}

/** Cut a description into lead, trigger clause and `NOT for` clauses. Never throws. */
export function splitDescription(description: string): DescriptionParts {
  const flat = collapse(description);
  const starts = [...flat.matchAll(NOT_FOR)].map((m) => m.index);
  const label = TRIGGER_LABEL.exec(flat);
  const nextStart = (after: number) => starts.find((s) => s > after) ?? flat.length;

  // Regions taken by the clauses; the rest of the text is lead.
  const taken: Array<[number, number]> = [];
  let triggers = '';
  let phrases: TriggerPhrase[] = [];
  if (label) {
    const from = label.index + label[0].length;
    const region = flat.slice(from, nextStart(label.index));
    const scan = scanTriggers(region);
    triggers = trimOf(region.slice(0, scan.end), ' .;,');
    phrases = scan.phrases;
    taken.push([label.index, from + scan.end]);
  }
  const notFor: string[] = [];
  for (const [i, start] of starts.entries()) {
    let end = starts[i + 1] ?? flat.length;
    if (label && label.index > start && label.index < end) end = label.index;
    // A clause cut before `, and NOT for …` loses the joining words; the printed clauses are sentences.
    const clause = trimEndOf(flat.slice(start, end).trim().replace(JOINER, ''), ' ;,');
    if (clause !== '') notFor.push(clause);
    taken.push([start, end]);
  }
  taken.sort((a, b) => a[0] - b[0]);
  const pieces: string[] = [];
  let at = 0;
  for (const [from, to] of taken) {
    if (from > at) pieces.push(flat.slice(at, from));
    at = Math.max(at, to);
  }
  pieces.push(flat.slice(at));
  return { lead: joinLead(pieces), triggers, phrases, notFor };
}

// The destination half of a redirect: `(use admin/duplicate-management)`, `— use build-local.`,
// `— see lwc-testing`, `use the async-selection decision tree`. A path (`a/b`, `ns:name`) or a quoted
// name always counts; a hyphenated name only before the clause's end, a bracket, a comma or `or`,
// `and`, `for`, `instead`, `skill` (so "use domain-specific skills" names none); a bare word only at
// the end of the clause or its bracket (so "use permission and FLS skills" names none).
// Alternatives in order: a quoted name; a decision tree; a path; a hyphenated or dotted name; a bare word.
const TARGET =
  /(?:[-—–(]\s*)?\b(?:use|see)\s+(?:the\s+)?(?:`[^`\s]+`|[\p{L}\p{N}_-]+\s+decision\s+tree|[\p{L}\p{N}_][\p{L}\p{N}_.-]*(?:[/:][\p{L}\p{N}_][\p{L}\p{N}_.-]*)+(?<![.-])|[\p{L}\p{N}_]+(?:[.-][\p{L}\p{N}_]+)+(?=\s*(?:$|[).,;:—–]|-\s|(?:or|and|for|instead|skill)\b))|[\p{L}\p{N}_]+(?=\s*\)|\s*[.;]?\s*$))\)?/giu;

/** A redirect target in a clause: its normalised text and where it starts. */
export interface RedirectTarget {
  text: string;
  /** Where the match (with its `—` or `(`) starts and ends in the clause, in UTF-16 units. */
  index: number;
  end: number;
}

/** Every `use <target>` (or `see <target>`) in a `NOT for` clause, in order, normalised. */
export function redirectTargets(clause: string): RedirectTarget[] {
  return [...clause.matchAll(TARGET)].map((m) => ({
    text: trimEndOf(trimOf(m[0], ' -—–()'), '.'),
    index: m.index,
    end: m.index + m[0].length,
  }));
}

// The one-line roster gloss of a skill (seed 002, build_gloss): at most 220 characters, paid in
// priority order triggers → `NOT for` redirect → lead, printed lead → `Triggers:` → `NOT for`, each
// trigger and clause kept or dropped whole; a clipped redirect keeps its `use <target>`.

import { redirectTargets, splitDescription, type TriggerPhrase } from './split.js';
import { cpLength, cpSlice, ELLIPSIS, trimEndOf } from './text.js';

/** The gloss budget in characters (code points). */
export const GLOSS_BUDGET = 220;
/** The most the trigger list may take, so no one part starves the others. */
export const GLOSS_TRIGGER_CAP = 150;
/** The most the `NOT for` clauses may take. */
export const GLOSS_NOT_FOR_CAP = 140;
/** The most the lead may take. */
export const GLOSS_LEAD_CAP = 150;
/** A lead is clipped only into at least this much room; below it a lead that does not fit whole is dropped. */
export const GLOSS_LEAD_MIN = 40;

const LABEL = 'Triggers: ';
// Characters a word cut never ends on.
const CUT_TRAIL = ' ,;:-—–';

/** `text`, or its longest prefix ending at a word boundary plus ` …` within `limit`; '' when none fits. */
export function clipWords(text: string, limit: number): string {
  if (cpLength(text) <= limit) return text;
  if (limit < 12) return '';
  const room = limit - 2;
  const head = cpSlice(text, room);
  // The prefix ends at a word boundary when the next character is a space; else drop the cut word.
  const atBoundary = text[head.length] === ' ';
  const space = head.lastIndexOf(' ');
  if (!atBoundary && space < 0) return ''; // one word longer than the room: never cut mid-word
  const cut = trimEndOf(atBoundary ? head : head.slice(0, space), CUT_TRAIL);
  return cut === '' ? '' : `${cut} ${ELLIPSIS}`;
}

/** The trigger clause whole, or its first phrases whole plus `, …` within `limit`; the word cut when no phrase fits. */
function clipPhrases(raw: string, phrases: readonly TriggerPhrase[], limit: number): string {
  if (cpLength(raw) <= limit) return raw;
  if (limit < 12) return '';
  let text = '';
  let used = 0;
  let sep: string = ',';
  for (const p of phrases) {
    const cost = cpLength(p.text) + (text === '' ? 0 : 2);
    // 3 more for the closing `, …`.
    if (used + cost + 3 > limit) break;
    text = text === '' ? p.text : `${text}${sep} ${p.text}`;
    used += cost;
    sep = p.sep;
  }
  return text === '' ? clipWords(raw, limit) : `${text}${sep} ${ELLIPSIS}`;
}

/** `clause` after `text`, as its own sentence. */
function joinClause(text: string, clause: string): string {
  if (text === '') return clause;
  return `${/[.;!?]$/u.test(text) ? text : `${text}.`} ${clause}`;
}

/** The `NOT for` clauses whole while they fit; else the first one word-cut, keeping its `use <target>`. */
function clipClauses(clauses: readonly string[], limit: number): string {
  const all = clauses.reduce(joinClause, '');
  if (cpLength(all) <= limit) return all;
  if (limit < 20) return '';
  let text = '';
  for (const clause of clauses) {
    const next = joinClause(text, clause);
    if (cpLength(next) > limit) break;
    text = next;
  }
  if (text !== '') return text;
  return clipRedirect(clauses[0] as string, limit);
}

/**
 * One clause word-cut to `limit`, its destination re-attached: `NOT for X, Y … use Z`. The target is
 * the first one in the part cut off, so `NOT for A (use a), B (use b)` cut inside A keeps `use a`.
 */
function clipRedirect(clause: string, limit: number): string {
  for (const target of redirectTargets(clause)) {
    const tail = ` ${ELLIPSIS} ${target.text}`;
    const head = clipWords(clause, limit - cpLength(tail));
    // No room for both: the destination alone still routes the reader.
    if (head === '') return cpLength(target.text) <= limit ? target.text : clipWords(clause, limit);
    let subject = trimEndOf(head.slice(0, -` ${ELLIPSIS}`.length), CUT_TRAIL);
    if (target.end <= subject.length) continue; // kept whole inside the cut: look further
    if (target.index < subject.length)
      subject = trimEndOf(subject.slice(0, target.index), CUT_TRAIL);
    return subject === '' ? target.text : `${subject}${tail}`;
  }
  // No target, or every target survives inside the cut.
  return clipWords(clause, limit);
}

/** A part printed with its full stop: `x.`; a trailing `.` is not doubled, nor added after `?` or `!`. */
function stop(s: string): string {
  const t = trimEndOf(s, ' .');
  return /[?!]$/u.test(t) ? t : `${t}.`;
}

/** The one-line roster gloss for a skill's description, at most `budget` characters (code points). */
export function buildGloss(description: string, budget = GLOSS_BUDGET): string {
  const { lead, triggers, phrases, notFor } = splitDescription(description);
  let remaining = Math.max(0, budget);

  let triggerPart = '';
  if (triggers !== '') {
    // 11: the label and the full stop.
    const clipped = clipPhrases(triggers, phrases, Math.min(GLOSS_TRIGGER_CAP, remaining - 11));
    if (clipped !== '') {
      triggerPart = LABEL + stop(clipped);
      remaining -= cpLength(triggerPart);
    }
  }

  let notForPart = '';
  if (notFor.length > 0) {
    const room = remaining - (triggerPart === '' ? 0 : 1);
    notForPart = clipClauses(notFor, Math.min(GLOSS_NOT_FOR_CAP, room));
    if (notForPart !== '') remaining = room - cpLength(notForPart);
  }

  let leadPart = '';
  if (lead !== '') {
    // The lead's full stop, and the space before what follows it.
    const room = remaining - 1 - (triggerPart === '' && notForPart === '' ? 0 : 1);
    const limit = Math.min(GLOSS_LEAD_CAP, room);
    if (cpLength(lead) <= limit) leadPart = stop(lead);
    else if (limit >= GLOSS_LEAD_MIN) {
      const clipped = clipWords(lead, limit);
      if (clipped !== '') leadPart = stop(clipped);
    }
  }

  return [leadPart, triggerPart, notForPart].filter((p) => p !== '').join(' ');
}

// Stage 1, Score: every skill against the session context, 0–100. The signals: text similarity
// (from the search engine's ranking, passed in: one ranker, not two), file triggers (globs against
// the active files, a narrow glob counting more than a broad one), intent phrases and context
// keywords. They combine as independent evidence: 100 × (1 − Π(1 − signal)). A skill under its
// threshold (default 50) is dropped.

import picomatch from 'picomatch';
import { tokenize } from '../search/tokenize.js';
import type { Triggers } from '../skill/types.js';
import type { Candidate, StageDecision, StageOutput } from './types.js';

/** The default threshold a skill's score must reach. */
export const DEFAULT_THRESHOLD = 50;

/** What the session knows. */
export interface SelectContext {
  /** What the user asked for. */
  intent?: string;
  /** Active files, relative to the project root. */
  files?: readonly string[];
  /** Recent commands. */
  commands?: readonly string[];
  /** Context keywords. */
  keywords?: readonly string[];
}

/** A skill as Score sees it: a candidate's fields, its triggers, threshold and text similarity. */
export interface ScoreItem extends Omit<Candidate, 'score' | 'tier'> {
  triggers: Triggers;
  /** The skill's own threshold (front matter `threshold`). */
  threshold?: number;
  /** Text similarity of the skill to the intent, 0–1, from the search engine (0 without an intent). */
  text: number;
}

/** The parts of a score, for `--explain`. */
export interface ScoreParts {
  text: number;
  files: number;
  intent: number;
  context: number;
  /** The glob, phrase and keywords that matched. */
  matched: { glob?: string; phrase?: string; keywords: string[] };
}

/** How narrow a glob is, 0–1: its literal characters (a `*.ts` is broad, `src/api/**\/*.test.ts` narrow). */
export function specificity(glob: string): number {
  const literal = glob.replace(/\*\*\/?|[*?]|\[[^\]]*\]|\{[^}]*\}/g, '').length;
  return Math.min(1, literal / 12);
}

const terms = (text: string): string[] => tokenize(text);

/** Each signal of `item` in `context`. */
export function scoreParts(item: ScoreItem, context: SelectContext): ScoreParts {
  const matched: ScoreParts['matched'] = { keywords: [] };
  // Files: the narrowest glob that matches an active file.
  let files = 0;
  for (const glob of item.triggers.files) {
    const isMatch = picomatch(glob, { dot: true, basename: !glob.includes('/') });
    if (!(context.files ?? []).some((f) => isMatch(f))) continue;
    const s = 0.5 + 0.5 * specificity(glob);
    if (s > files) {
      files = s;
      matched.glob = glob;
    }
  }
  // Intent: the trigger phrase whose words the intent holds most of (all of a phrase of any length).
  let intent = 0;
  const asked = new Set(context.intent ? terms(context.intent) : []);
  if (asked.size > 0)
    for (const phrase of item.triggers.intents) {
      const words = [...new Set(terms(phrase))];
      if (words.length === 0) continue;
      const share = words.filter((w) => asked.has(w)).length / words.length;
      const s = share === 1 ? 0.85 : share >= 0.5 ? 0.75 * share : 0;
      if (s > intent) {
        intent = s;
        matched.phrase = phrase;
      }
    }
  // Context: the skill's keywords found among the session's keywords and command words.
  const around = new Set(
    [...(context.keywords ?? []), ...(context.commands ?? [])].flatMap((k) => terms(k)),
  );
  const keys = item.triggers.contexts.filter((k) => {
    const ws = terms(k);
    return ws.length > 0 && ws.every((w) => around.has(w));
  });
  matched.keywords = keys;
  const context_ = keys.length === 0 ? 0 : Math.min(0.8, 0.5 + 0.15 * (keys.length - 1));
  return { text: Math.min(1, Math.max(0, item.text)), files, intent, context: context_, matched };
}

/** The score, 0–100, from its parts. */
export function combine(p: ScoreParts): number {
  const miss = (1 - p.text) * (1 - p.files) * (1 - p.intent) * (1 - p.context);
  return Math.round(100 * (1 - miss));
}

/** Score every item; those under their threshold are dropped. Passed on in score order. */
export function scoreStage(
  items: readonly ScoreItem[],
  context: SelectContext,
): StageOutput & { parts: Map<string, ScoreParts> } {
  const decisions: StageDecision[] = [];
  const parts = new Map<string, ScoreParts>();
  const kept: Candidate[] = [];
  for (const item of items) {
    const p = scoreParts(item, context);
    parts.set(item.id, p);
    const score = combine(p);
    const threshold = item.threshold ?? DEFAULT_THRESHOLD;
    const why = [
      p.text > 0 ? `text ${p.text.toFixed(2)}` : '',
      p.matched.glob ? `file glob ${p.matched.glob}` : '',
      p.matched.phrase ? `intent "${p.matched.phrase}"` : '',
      p.matched.keywords.length > 0 ? `keywords ${p.matched.keywords.join(', ')}` : '',
    ].filter(Boolean);
    const summary = `score ${score} (${why.length > 0 ? why.join('; ') : 'nothing matched'})`;
    if (score < threshold) {
      decisions.push({
        stage: 'score',
        id: item.id,
        outcome: 'dropped',
        reason: `${summary}, under the threshold ${threshold}`,
      });
      continue;
    }
    const { triggers: _t, threshold: _h, text: _x, ...base } = item;
    kept.push({ ...base, score, tier: 'standard' });
    decisions.push({
      stage: 'score',
      id: item.id,
      outcome: 'kept',
      reason: `${summary}, threshold ${threshold}`,
    });
  }
  kept.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { candidates: kept, decisions, parts };
}

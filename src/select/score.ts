// Stage 1, Score: every skill against the session context, 0–100. The signals: text similarity
// (from the search engine's ranking, passed in: one ranker, not two), file triggers (globs against
// the active files, a narrow glob counting more than a broad one), intent phrases and context
// keywords. They combine as independent evidence: 100 × (1 − Π(1 − signal)). A skill under its
// threshold (default 50) is dropped.

import picomatch from 'picomatch';
import { tokenize } from '../search/tokenize.js';
import type { Triggers } from '../skill/types.js';
import { type Candidate, decidedOn, type StageDecision, type StageOutput } from './types.js';

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

/** A skill's triggers made ready to match: globs compiled, phrases and keywords tokenized. */
interface CompiledTriggers {
  globs: Array<{ glob: string; isMatch: (file: string) => boolean; weight: number }>;
  phrases: Array<{ phrase: string; words: string[] }>;
  contexts: Array<{ keyword: string; words: string[] }>;
}

/** Compiled once per triggers object: a catalog's skills are scored for many contexts. */
const compiled = new WeakMap<Triggers, CompiledTriggers>();

function compile(t: Triggers): CompiledTriggers {
  let c = compiled.get(t);
  if (!c) {
    c = {
      globs: t.files.map((glob) => ({
        glob,
        isMatch: picomatch(glob, { dot: true, basename: !glob.includes('/') }),
        weight: 0.5 + 0.5 * specificity(glob),
      })),
      phrases: t.intents.map((phrase) => ({ phrase, words: [...new Set(terms(phrase))] })),
      contexts: t.contexts.map((keyword) => ({ keyword, words: terms(keyword) })),
    };
    compiled.set(t, c);
  }
  return c;
}

/** The context's words, tokenized once for every skill. */
interface PreparedContext {
  files: readonly string[];
  asked: ReadonlySet<string>;
  around: ReadonlySet<string>;
}

function prepareContext(context: SelectContext): PreparedContext {
  return {
    files: context.files ?? [],
    asked: new Set(context.intent ? terms(context.intent) : []),
    around: new Set(
      [...(context.keywords ?? []), ...(context.commands ?? [])].flatMap((k) => terms(k)),
    ),
  };
}

/** Each signal of `item` in `context`. */
export function scoreParts(item: ScoreItem, context: SelectContext | PreparedContext): ScoreParts {
  const ctx = 'asked' in context ? context : prepareContext(context);
  const t = compile(item.triggers);
  const matched: ScoreParts['matched'] = { keywords: [] };
  // Files: the narrowest glob that matches an active file.
  let files = 0;
  for (const g of t.globs) {
    if (g.weight <= files || !ctx.files.some((f) => g.isMatch(f))) continue;
    files = g.weight;
    matched.glob = g.glob;
  }
  // Intent: the trigger phrase whose words the intent holds most of (all of a phrase of any length).
  let intent = 0;
  if (ctx.asked.size > 0)
    for (const { phrase, words } of t.phrases) {
      if (words.length === 0) continue;
      const share = words.filter((w) => ctx.asked.has(w)).length / words.length;
      const s = share === 1 ? 0.85 : share >= 0.5 ? 0.75 * share : 0;
      if (s > intent) {
        intent = s;
        matched.phrase = phrase;
      }
    }
  // Context: the skill's keywords found among the session's keywords and command words.
  const keys = t.contexts
    .filter(({ words }) => words.length > 0 && words.every((w) => ctx.around.has(w)))
    .map((k) => k.keyword);
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
  const ctx = prepareContext(context);
  for (const item of items) {
    const p = scoreParts(item, ctx);
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
        ...decidedOn(item),
        outcome: 'dropped',
        reason: `${summary}, under the threshold ${threshold}`,
      });
      continue;
    }
    const { triggers: _t, threshold: _h, text: _x, ...base } = item;
    kept.push({ ...base, score, tier: 'standard' });
    decisions.push({
      stage: 'score',
      ...decidedOn(item),
      outcome: 'kept',
      reason: `${summary}, threshold ${threshold}`,
    });
  }
  kept.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { candidates: kept, decisions, parts };
}

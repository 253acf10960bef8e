// What a selection shows: the view `skillset select --json` prints, the service returns and the MCP
// `select_skills` tool sends. Every skill in it is named with the copy's SKILL.md and scope, since a
// project's skill and a user's can share a name.

import path from 'node:path';
import { renderLoadResult } from '../render/load-result.js';
import type { Coverage } from '../search/gate.js';
import type { Scope } from '../skill/types.js';
import type { BudgetOutput } from './budget.js';
import type { LoadedSkill } from './load.js';
import type { Candidate, StageDecision } from './types.js';

/** Which skill: its id, and the copy's SKILL.md and scope. */
export interface SkillRef {
  name: string;
  path: string;
  scope: Scope;
}

/** A skill loaded, or one that overflowed. */
export interface SelectedJson extends SkillRef {
  tier: Candidate['tier'];
  score: number;
  /** What it takes of the budget: all of it, or the part that loads. */
  chars: number;
  /** Only a part of it loads (Budget shared the room): its whole size. */
  whole?: { chars: number; tokens: number };
  /**
   * With `content`, for a skill that loaded: its text as `load_skill` gives it (the body or its part,
   * its imports, the note of what was left out, its folder and files).
   */
  text?: string;
}

/** A skill named without being loaded. */
export interface SuggestedJson extends SkillRef {
  /** One line of its description. */
  description: string;
  /** What its line takes of the budget. */
  chars: number;
}

/** One thing a stage decided about one copy of a skill. */
export interface DecisionJson extends SkillRef {
  stage: StageDecision['stage'];
  outcome: StageDecision['outcome'];
  reason: string;
}

/** `skillset select --json`, and the service's `select`: a contract. */
export interface SelectView {
  /** The search verdict for the intent (null without one): only an `ok` match loads on its text. */
  coverage: Coverage | null;
  loaded: SelectedJson[];
  overflow: SelectedJson[];
  /** Named, not loaded, best first: skills that overflowed, then the search's other candidates. */
  suggested: SuggestedJson[];
  /** Skills dropped with a reason: every stage's, but Score's for skills nothing matched (counted below). */
  dropped: Array<SkillRef & { stage: StageDecision['stage']; reason: string }>;
  /** How many skills Score dropped because nothing in the context matched them. */
  unmatched: number;
  /** `used` counts the loads and the suggestions; `suggested` the suggestions alone; in `unit`. */
  budget: BudgetOutput['budget'];
  violation: BudgetOutput['violation'];
  /** With `explain`: every decision, in stage order, but Score's for the skills nothing matched… */
  decisions?: DecisionJson[];
  /** …which are named here instead. */
  unmatchedSkills?: SkillRef[];
}

/** How the view is made. */
export interface SelectViewOptions {
  /** Add every decision, and name the skills nothing matched (`--explain`). */
  explain?: boolean;
  /**
   * Give each loaded skill's text, ready for the model's context (`--content`; not on a dry run,
   * which loads nothing): a part is what its share holds, never the whole skill.
   */
  content?: boolean;
}

const ref = (d: { id: string; path: string; scope: Scope }): SkillRef => ({
  name: d.id,
  path: d.path,
  scope: d.scope,
});

const selected = (c: Candidate): SelectedJson => ({
  ...ref(c),
  tier: c.tier,
  score: c.score,
  chars: c.chars,
  ...(c.whole ? { whole: { ...c.whole } } : {}),
});

/** What the pipeline settled, for the view. */
export interface SelectFacts {
  coverage: Coverage | null;
  /** Loaded (or, on a dry run, that would load), in load order. */
  loaded: readonly Candidate[];
  budget: BudgetOutput;
  decisions: readonly StageDecision[];
  /** Score's decisions about the skills nothing in the context touched. */
  unmatched: readonly StageDecision[];
}

/** The view of a selection (without its decisions: `explainView` adds them). */
export function selectView(f: SelectFacts): SelectView {
  const quiet = new Set(f.unmatched);
  return {
    coverage: f.coverage,
    loaded: f.loaded.map(selected),
    overflow: f.budget.overflow.map(selected),
    suggested: f.budget.suggested.map((s) => ({
      ...ref(s),
      description: s.description,
      chars: s.chars,
    })),
    dropped: f.decisions
      .filter((d) => d.outcome === 'dropped' && !quiet.has(d))
      .map((d) => ({ ...ref(d), stage: d.stage, reason: d.reason })),
    unmatched: f.unmatched.length,
    budget: { ...f.budget.budget },
    violation: f.budget.violation,
  };
}

/** `view` with each loaded skill's text, as `load_skill` gives it (`content`). */
export function contentView(view: SelectView, loaded: readonly LoadedSkill[]): SelectView {
  const byPath = new Map(loaded.map((l) => [l.path, l]));
  return {
    ...view,
    loaded: view.loaded.map((s) => {
      const l = byPath.get(s.path);
      if (!l) return s;
      const text = renderLoadResult({
        name: l.id,
        body: l.body,
        dir: path.dirname(l.path),
        imports: l.imports,
        resources: l.resources,
        moreResources: l.moreResources,
        ...(l.cut ? { cut: l.cut } : {}),
      });
      return { ...s, text };
    }),
  };
}

/** `view` with every decision and the skills nothing matched. */
export function explainView(
  view: SelectView,
  decisions: readonly StageDecision[],
  unmatched: readonly StageDecision[],
): SelectView {
  const quiet = new Set(unmatched);
  return {
    ...view,
    decisions: decisions
      .filter((d) => !quiet.has(d))
      .map((d) => ({ ...ref(d), stage: d.stage, outcome: d.outcome, reason: d.reason })),
    unmatchedSkills: unmatched.map(ref),
  };
}

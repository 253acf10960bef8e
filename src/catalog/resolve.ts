// Resolution: the skills found in every root → the catalog. Duplicates (one real file reached twice)
// collapse, clashing names inside one root are qualified, and across roots the higher precedence wins.
// A pure function: it returns new records and its decisions, and changes nothing it was given.

import path from 'node:path';
import {
  compareDiagnostics,
  type Diagnostic,
  diagnostic,
  type RelatedLocation,
} from '../diagnostics/diagnostic.js';
import { withChanges } from '../skill/changes.js';
import type { RootSpec, Skill } from '../skill/types.js';

/** One skill found in one root, with where it stands in precedence and walk order. */
export interface Candidate {
  readonly skill: Skill;
  /** The root's scope's place in the precedence order (lower wins). */
  readonly rank: number;
  /** The root's place among the roots. */
  readonly rootIndex: number;
  /** Its place in its root's walk. */
  readonly order: number;
  /** Directly reached (no link on the way): preferred among duplicates. */
  readonly direct: boolean;
  /** Its folder relative to the root (`''` for a root that is itself the skill). */
  readonly rel: string;
}

/** What one root's scan gives resolution. */
export interface RootScan {
  candidates: Array<Omit<Candidate, 'rank' | 'rootIndex'>>;
  diagnostics: Diagnostic[];
}

/** One thing resolution decided, for `--explain` and the pipeline's Resolve stage. */
export interface Decision {
  kind: 'duplicate' | 'qualified' | 'shadowed';
  /** The SKILL.md the decision is about. */
  path: string;
  /** Its id after the decision. */
  id: string;
  /** The skill it lost to or was collapsed into (duplicate, shadowed). */
  winner?: string;
  reason: string;
}

/** The catalog: loaded skills and those that lost, with every diagnostic and decision. */
export interface Resolution {
  /** Loaded skills, sorted by id then path. */
  skills: Skill[];
  /** Skills shadowed by a higher-precedence skill with the same id. */
  shadowed: Skill[];
  /** Resolution's own diagnostics, sorted. */
  diagnostics: Diagnostic[];
  decisions: Decision[];
}

function related(winner: Skill, message: string): { related: RelatedLocation[] } {
  return { related: [{ file: winner.path, start: { line: 1, column: 1 }, message }] };
}

const byIdThenPath = (a: Skill, b: Skill): number =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

/** A working entry: the candidate and the record it will end up as (a new one when changed). */
type Entry = { c: Candidate; skill: Skill };

/** What resolution says as it goes: its diagnostics and decisions. */
type Said = Pick<Resolution, 'diagnostics' | 'decisions'>;

/** Resolve candidates into the catalog; `roots` are in precedence order. */
export function resolveCatalog(
  candidates: readonly Candidate[],
  roots: readonly RootSpec[],
): Resolution {
  const said: Said = { diagnostics: [], decisions: [] };
  // One numeric key per candidate (precedence, root, direct before linked, walk order): a cheap, stable sort.
  const n = candidates.length + 1;
  const sortKey = (c: Candidate): number =>
    ((c.rank * roots.length + c.rootIndex) * 2 + (c.direct ? 0 : 1)) * n + c.order;
  const keyed = candidates.map((c) => ({ c, key: sortKey(c) }));
  keyed.sort((a, b) => a.key - b.key);

  const unique = collapseDuplicates(keyed, said);
  qualifyClashes(unique, said);
  const { skills, shadowed } = shadow(unique, roots, said);
  skills.sort(byIdThenPath);
  shadowed.sort(byIdThenPath);
  said.diagnostics.sort(compareDiagnostics);
  return { skills, shadowed, diagnostics: said.diagnostics, decisions: said.decisions };
}

/** The candidates (in precedence order) with one per real file: the first reached; the others are duplicates. */
function collapseDuplicates(sorted: ReadonlyArray<{ c: Candidate }>, said: Said): Entry[] {
  const byReal = new Map<string, Entry>();
  const unique: Entry[] = [];
  for (const { c } of sorted) {
    const first = byReal.get(c.skill.realPath);
    if (first) {
      const d = diagnostic(
        'discover/duplicate',
        'info',
        c.skill.path,
        `Same file as \`${first.skill.path}\` (reached through a link); collapsed into it`,
        {
          data: { realPath: c.skill.realPath, kept: first.skill.path },
          ...related(first.skill, 'the copy that is kept'),
        },
      );
      said.diagnostics.push(d);
      said.decisions.push({
        kind: 'duplicate',
        path: c.skill.path,
        id: c.skill.id,
        winner: first.skill.path,
        reason: d.message,
      });
      continue;
    }
    const e = { c, skill: c.skill };
    byReal.set(c.skill.realPath, e);
    unique.push(e);
  }
  return unique;
}

/** Qualify clashing names inside one recursive root by their parent folder (a new record each). */
function qualifyClashes(unique: readonly Entry[], said: Said): void {
  const groups = new Map<string, Entry[]>();
  for (const e of unique) {
    const key = `${e.c.rootIndex}\0${e.skill.id}`;
    const group = groups.get(key);
    if (group) group.push(e);
    else groups.set(key, [e]);
  }
  const depth = (e: Entry): number => (e.c.rel === '' ? 0 : e.c.rel.split('/').length);
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    // The shallowest keeps the bare name (`skills/x` over `docs/ja/skills/x`); ties go to path order.
    const keeper = group.reduce((best, e) =>
      depth(e) < depth(best) || (depth(e) === depth(best) && e.c.rel < best.c.rel) ? e : best,
    );
    for (const e of group) {
      if (e === keeper) continue;
      const bare = e.skill.id;
      const id = `${path.posix.dirname(e.c.rel)}:${bare}`;
      const d = diagnostic(
        'discover/name-clash',
        'info',
        e.skill.path,
        `${group.length} skills in this root are named \`${bare}\`; this one is \`${id}\``,
        {
          data: { name: bare, id, others: group.filter((g) => g !== e).map((g) => g.skill.path) },
        },
      );
      e.skill = freeze(withChanges(e.skill, { id, diagnostics: [d] }));
      said.diagnostics.push(d);
      said.decisions.push({ kind: 'qualified', path: e.skill.path, id, reason: d.message });
    }
  }
}

/** Across roots, the first of each id wins (in precedence order); the others are shadowed by it. */
function shadow(
  unique: readonly Entry[],
  roots: readonly RootSpec[],
  said: Said,
): { skills: Skill[]; shadowed: Skill[] } {
  const byId = new Map<string, Entry>();
  const skills: Skill[] = [];
  const shadowed: Skill[] = [];
  for (const e of unique) {
    const winner = byId.get(e.skill.id);
    if (winner) {
      const wr = roots[winner.c.rootIndex];
      const lr = roots[e.c.rootIndex];
      const ws = wr?.scope;
      const ls = lr?.scope;
      const why =
        wr?.priority !== undefined || lr?.priority !== undefined
          ? "the agent's folder order puts it first"
          : ws === ls
            ? 'an earlier root of the same scope wins'
            : `scope \`${ws}\` wins over \`${ls}\``;
      const d = diagnostic(
        'discover/shadowed',
        'info',
        e.skill.path,
        `Skill \`${e.skill.id}\` is shadowed by \`${winner.skill.path}\` (${why})`,
        {
          data: { id: e.skill.id, winner: winner.skill.path, winnerScope: ws, scope: ls },
          ...related(winner.skill, 'the skill that wins'),
        },
      );
      said.diagnostics.push(d);
      said.decisions.push({
        kind: 'shadowed',
        path: e.skill.path,
        id: e.skill.id,
        winner: winner.skill.path,
        reason: d.message,
      });
      shadowed.push(freeze(withChanges(e.skill, { diagnostics: [d] })));
      continue;
    }
    byId.set(e.skill.id, e);
    skills.push(e.skill);
  }
  return { skills, shadowed };
}

/** A record is final once made: its fields and diagnostics can no longer change. */
export function freeze<T extends Skill>(skill: T): T {
  Object.freeze(skill.diagnostics);
  Object.freeze(skill.size);
  Object.freeze(skill.source);
  return Object.freeze(skill);
}

// Search results as text and as JSON: the one formatter the CLI (and later the MCP server) prints through.

import path from 'node:path';
import { FEATURES } from './features.js';
import type { Coverage, GateVerdict } from './gate.js';
import type { Correction } from './query.js';
import type { RankedSkill, SearchResult } from './rank.js';
import type { FeatureWeights } from './score.js';

/** One result in `search --json`. */
export interface SearchJsonResult {
  name: string;
  id: string;
  score: number;
  path: string;
  description: string;
  copies: Array<{ id: string; path: string }>;
  explain?: RankedSkill['explain'];
}

/** `search --json`: the contract. `terms`, `corrections`, `gate` and `rejected` come with `--explain`. */
export interface SearchJson {
  coverage: Coverage;
  results: SearchJsonResult[];
  terms?: string[];
  corrections?: Correction[];
  gate?: GateVerdict;
  rejected?: SearchJsonResult[];
  weights?: FeatureWeights;
}

/** The JSON value of a search result. */
export function searchJson(
  result: SearchResult,
  options: { explain?: boolean; weights?: FeatureWeights } = {},
): SearchJson {
  const one = (r: RankedSkill): SearchJsonResult => ({
    name: r.name,
    id: r.id,
    score: r.score,
    path: r.path,
    description: r.description,
    copies: r.copies,
    ...(options.explain ? { explain: r.explain } : {}),
  });
  const out: SearchJson = { coverage: result.coverage, results: result.results.map(one) };
  if (options.explain) {
    out.terms = result.terms;
    out.corrections = result.corrections;
    out.gate = result.gate;
    out.rejected = result.rejected.map(one);
    if (options.weights) out.weights = options.weights;
  }
  return out;
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;
const num = (x: number): string => x.toFixed(3);

/** One line, cut at a word near `max` characters. */
export function oneLine(text: string, max = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  // Cut by code points, so an emoji or other astral character is never split in half.
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** A path as the user reads it best: relative to `cwd` when that is shorter. */
function shown(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel.length < file.length ? rel : file;
}

/** The gate's verdict in words. */
export function gateLine(gate: GateVerdict): string {
  const who = gate.best ? `${gate.best} covers ${pct(gate.coverage)}` : 'no skill covers any';
  const terms = gate.terms
    .map(
      (t) =>
        `${t.term}${t.unknown ? ' (unknown)' : ''} ${t.weight.toFixed(1)}×${t.credit === 1 ? '1' : t.credit.toFixed(2)}`,
    )
    .join(', ');
  const { ok, evidence, weak } = gate.thresholds;
  const matched = gate.best ? `, ${gate.evidence.toFixed(2)} rare words' weight` : '';
  const needs = evidence > 0 ? ` with ${evidence}` : '';
  return `gate: ${gate.verdict} — ${who} of the query${matched} (ok from ${pct(ok)}${needs}, none under ${pct(weak)}; looked at ${gate.looked} skill${gate.looked === 1 ? '' : 's'})${terms ? `\n      term weight×credit: ${terms}` : ''}`;
}

/** The corrected words in words: `kubernt → kubernet (1 edit, ×0.7)`. */
export function correctionsLine(corrections: readonly Correction[]): string {
  return `typos: ${corrections
    .map(
      (c) =>
        `${c.from} → ${c.to} (${c.distance} edit${c.distance === 1 ? '' : 's'}, ×${Math.round(c.weight * 100) / 100})`,
    )
    .join(', ')}`;
}

/** The one line above `weak` results: they are candidates, not a match. */
export const WEAK_HEADER =
  'coverage: weak — no skill clearly fits; the closest candidates (check a description before loading one):';

/** Score = weight × feature + …, every feature, then the NOT-for parts when there are any. */
function partsLine(
  score: number,
  explain: RankedSkill['explain'],
  weights: FeatureWeights | undefined,
): string {
  const terms = FEATURES.map((f) => {
    const w = weights ? `${weights[f]}×` : '';
    return `${f} ${w}${num(explain.features[f])}`;
  });
  if (explain.parts.notFor !== 0)
    terms.push(`NOT for “${explain.notFor}” ${num(explain.parts.notFor)}`);
  if (explain.parts.redirect !== 0)
    terms.push(`redirect from ${explain.redirectedFrom} +${num(explain.parts.redirect)}`);
  return `${num(score)} = ${terms.join(' + ')}`;
}

/** `search` as text, from its JSON value: rank, id, score, description and path; explained when it was asked. */
export function searchText(
  query: string,
  result: SearchJson,
  options: { cwd?: string } = {},
): string {
  const cwd = options.cwd ?? process.cwd();
  const lines: string[] = [];
  if (result.gate) {
    lines.push(`terms: ${result.terms?.join(' ') || '(none)'}`);
    if (result.corrections && result.corrections.length > 0)
      lines.push(correctionsLine(result.corrections));
    lines.push(gateLine(result.gate));
  }
  const block = (r: SearchJsonResult, i: number): void => {
    lines.push(`${String(i + 1).padStart(2)}. ${r.id}  (${r.score.toFixed(3)})`);
    lines.push(`    ${oneLine(r.description) || '(no description)'}`);
    lines.push(`    ${shown(r.path, cwd)}`);
    if (r.copies.length > 0)
      lines.push(
        `    ${r.copies.length} more cop${r.copies.length === 1 ? 'y' : 'ies'}: ${r.copies.map((c) => c.id).join(', ')}`,
      );
    if (r.explain) {
      lines.push(`    ${partsLine(r.score, r.explain, result.weights)}`);
      lines.push(`    matched in metadata: ${r.explain.matched.join(' ') || '(nothing)'}`);
    }
  };
  if (result.coverage === 'none') {
    lines.push(`coverage: none — no skill fits ${JSON.stringify(query)}`);
    if (result.rejected && result.rejected.length > 0) {
      lines.push('closest skills, turned down by the gate:');
      result.rejected.forEach(block);
    }
  } else {
    if (result.coverage === 'weak') lines.push(WEAK_HEADER);
    result.results.forEach(block);
  }
  return `${lines.join('\n')}\n`;
}

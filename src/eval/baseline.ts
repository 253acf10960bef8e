// A plain BM25 baseline for eval: SQLite FTS5 in memory over each skill's name, description and
// body (porter stemming, default weights, any query word, no gate), to measure search beside.

import BetterSqlite3 from 'better-sqlite3';
import { nativeBinding } from '../search/sqlite-open.js';
import type { LabelledQuery, SearchAnswer } from './eval.js';
import { evaluate } from './run.js';

/** What the baseline indexes of one skill. */
export interface BaselineDoc {
  id: string;
  name: string;
  description: string;
  body: string;
}

/** An open baseline: BM25 over the library's skills, in memory. */
export interface Bm25Baseline {
  /** The best `limit` skills by BM25, one per name (the best copy); `none` when no word matches. */
  search(query: string, options: { limit: number }): SearchAnswer;
  close(): void;
}

/** The baseline's figures in a report, scored as search is (`expected` and `acceptable` both count). */
export interface BaselineReport {
  /** What was measured: `fts5-bm25`. */
  method: 'fts5-bm25';
  hit1: number | null;
  hit3: number | null;
  mrr: number | null;
  /** Share of positive queries none of whose words any skill has. */
  falseNone: number | null;
  p50Ms: number;
}

/**
 * The query as an FTS5 expression: each distinct word quoted, ORed; undefined when the query has no
 * word. Words are runs of letters, digits and marks, so the text between quotes never holds a quote
 * and no query string is FTS5 syntax.
 */
export function baselineMatch(query: string): string | undefined {
  const words = new Set(query.toLowerCase().match(/[\p{L}\p{N}\p{M}\p{Co}]+/gu) ?? []);
  return words.size === 0 ? undefined : [...words].map((w) => `"${w}"`).join(' OR ');
}

/** Index `docs` (in this order: ties rank by it) in an in-memory FTS5 table. */
export function openBaseline(docs: readonly BaselineDoc[]): Bm25Baseline {
  const db = new BetterSqlite3(':memory:', nativeBinding());
  try {
    db.exec(
      "CREATE VIRTUAL TABLE skills USING fts5(name, description, body, tokenize='porter unicode61')",
    );
    const insert = db.prepare(
      'INSERT INTO skills(rowid, name, description, body) VALUES (?, ?, ?, ?)',
    );
    db.transaction(() => {
      docs.forEach((d, i) => {
        insert.run(i + 1, d.name, d.description, d.body);
      });
    })();
  } catch (e) {
    db.close();
    throw e;
  }
  const ranked = db.prepare<[string], { rowid: number }>(
    'SELECT rowid FROM skills WHERE skills MATCH ? ORDER BY bm25(skills), rowid',
  );
  return {
    search(query, { limit }) {
      const match = baselineMatch(query);
      const results: Array<{ id: string; name: string }> = [];
      if (match !== undefined) {
        const names = new Set<string>();
        for (const { rowid } of ranked.iterate(match)) {
          const d = docs[rowid - 1] as BaselineDoc;
          // Copies of one skill (one name in several trees) count once: eval matches by name.
          if (names.has(d.name)) continue;
          names.add(d.name);
          results.push({ id: d.id, name: d.name });
          if (results.length >= limit) break;
        }
      }
      return { coverage: results.length === 0 ? 'none' : 'ok', results };
    },
    close: () => db.close(),
  };
}

/** The baseline's documents for `skills`, in order, bodies read by `readBody` 16 at a time; an unreadable body is empty, as the index has it. */
export async function baselineDocs<S extends { id: string; name: string; description: string }>(
  skills: readonly S[],
  readBody: (skill: S) => Promise<string>,
): Promise<BaselineDoc[]> {
  const docs: BaselineDoc[] = [];
  for (let i = 0; i < skills.length; i += 16) {
    const batch = skills.slice(i, i + 16);
    const bodies = await Promise.all(batch.map((s) => readBody(s).catch(() => '')));
    batch.forEach((s, j) => {
      docs.push({ id: s.id, name: s.name, description: s.description, body: bodies[j] ?? '' });
    });
  }
  return docs;
}

/** Score `baseline` on `labels` (top 10), as evaluate scores search. */
export async function scoreBaseline(
  baseline: Bm25Baseline,
  labels: readonly LabelledQuery[],
): Promise<BaselineReport> {
  const r = await evaluate(baseline.search, labels, '');
  return {
    method: 'fts5-bm25',
    hit1: r.hit1,
    hit3: r.hit3,
    mrr: r.mrr,
    falseNone: r.falseNone,
    p50Ms: r.p50Ms,
  };
}

// What every index store does the same with its rows, whatever holds them: a stored document decoded
// from its columns, and the inbound counts recomputed from the mentions.

import type { StoredDoc } from './index-store.js';

/** A document's columns, as both stores keep them. */
export interface DocColumns {
  id: string;
  name: string;
  path: string;
  description: string;
  fields: string;
  not_for: string;
  triggers: string;
  inbound: number;
  name_key: string;
}

/** The document of `ref` from its columns; throws (a JSON error) when they do not decode. */
export function docFromColumns(ref: number, row: DocColumns): StoredDoc {
  return {
    ref,
    id: row.id,
    name: row.name,
    path: row.path,
    description: row.description,
    fields: JSON.parse(row.fields) as StoredDoc['fields'],
    // Most skills have neither: an empty list is not worth a parse.
    notFor: row.not_for === '[]' ? [] : (JSON.parse(row.not_for) as StoredDoc['notFor']),
    triggerPhrases: row.triggers === '[]' ? [] : (JSON.parse(row.triggers) as string[][]),
    inbound: row.inbound,
    nameKey: row.name_key,
  };
}

/**
 * For every skill name, how many other skills mention it. Mentioners are counted by name, so the
 * copies of one skill in several trees count once; a skill's own name is never among its mentions.
 */
export function inboundCounts(
  rows: ReadonlyArray<{ name: string; mentions: string }>,
): Map<string, number> {
  const names = new Set(rows.map((r) => r.name));
  const from = new Map<string, Set<string>>();
  for (const r of rows) {
    if (r.mentions === '') continue;
    for (const m of r.mentions.split(' ')) {
      if (!names.has(m)) continue;
      const who = from.get(m) ?? new Set<string>();
      who.add(r.name);
      from.set(m, who);
    }
  }
  return new Map([...from].map(([name, who]) => [name, who.size]));
}

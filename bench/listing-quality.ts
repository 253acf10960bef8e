// Listing quality over the tuning sets: for each positive query, does the labelled skill (or one it
// accepts) appear in the listing with its description, at the default budget (8,000 characters),
// without a context and with the query as the intent (the relevance-ranked listing)?
// Usage: node --import tsx bench/listing-quality.ts [manifest.json] — a line per set and format, then JSON.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createService } from '../src/core/service.js';
import { parseLabels } from '../src/eval/eval.js';
import { parseManifest } from '../src/eval/manifest.js';
import type { ListingFormat } from '../src/render/listing.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const manifestFile = path.resolve(process.argv[2] ?? path.join(here, 'queries', 'manifest.json'));
const sets = parseManifest(fs.readFileSync(manifestFile, 'utf8'), manifestFile);
const FORMATS: readonly ListingFormat[] = ['xml', 'markdown'];

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);
const rows: Array<Record<string, unknown>> = [];
console.log(
  `${'set'.padEnd(24)} ${'format'.padEnd(8)} ${'pos'.padStart(4)}  ${'described, no context'.padStart(21)}  ${'with the intent'.padStart(15)}  ${'listed at all (no context / intent)'.padStart(35)}`,
);
for (const set of sets) {
  const labels = parseLabels(fs.readFileSync(set.queries, 'utf8'), set.queries).filter(
    (l) => l.expected.length > 0,
  );
  if (labels.length === 0) continue;
  const service = await createService({ roots: set.roots, cache: false });
  for (const format of FORMATS) {
    const plain = await service.listing({ format });
    if (!plain.ok) throw new Error(plain.problem.message);
    const described = (
      entries: ReadonlyArray<{ name: string; shown: string }>,
      ok: (n: string) => boolean,
    ) => entries.some((e) => ok(e.name) && e.shown !== 'name' && e.shown !== 'omitted');
    const listed = (
      entries: ReadonlyArray<{ name: string; shown: string }>,
      ok: (n: string) => boolean,
    ) => entries.some((e) => ok(e.name) && e.shown !== 'omitted');
    let before = 0;
    let after = 0;
    let listedBefore = 0;
    let listedAfter = 0;
    for (const l of labels) {
      const accepted = new Set([...l.expected, ...(l.acceptable ?? [])]);
      const ok = (name: string): boolean =>
        accepted.has(name) || accepted.has(name.split(':').pop() as string);
      const ranked = await service.listing({ format, context: { intent: l.query } });
      if (!ranked.ok) throw new Error(ranked.problem.message);
      if (described(plain.value.entries, ok)) before++;
      if (described(ranked.value.entries, ok)) after++;
      if (listed(plain.value.entries, ok)) listedBefore++;
      if (listed(ranked.value.entries, ok)) listedAfter++;
    }
    rows.push({
      set: set.name,
      format,
      pos: labels.length,
      before,
      after,
      listedBefore,
      listedAfter,
    });
    console.log(
      `${set.name.padEnd(24)} ${format.padEnd(8)} ${String(labels.length).padStart(4)}  ${pct(before, labels.length).padStart(21)}  ${pct(after, labels.length).padStart(15)}  ${`${pct(listedBefore, labels.length)} / ${pct(listedAfter, labels.length)}`.padStart(35)}`,
    );
  }
  service.close();
}
console.log(JSON.stringify(rows));

// Listing quality at the default budget (8,000 characters). Per tuning set: for each positive query,
// does the labelled skill (or one it accepts) appear in the listing with its description, without a
// context and with the query as the intent (the relevance-ranked listing)? Over the 978-skill
// salesforce library: how many of its domains the listing names, and how often a held-out query's
// labelled skill is listed when the query is the turn.
// Usage: node --import tsx bench/listing-quality.ts [manifest.json] — a line per set and format, then JSON.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createService } from '../src/core/service.js';
import { parseLabels } from '../src/eval/eval.js';
import { parseManifest } from '../src/eval/manifest.js';
import type { ListingFormat } from '../src/render/listing.js';
import { corporaDir, sharedDir } from '../src/test-support/paths.js';
import { domainOf } from '../src/tier/domains.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const manifestFile = path.resolve(process.argv[2] ?? path.join(here, 'queries', 'manifest.json'));
const sets = parseManifest(fs.readFileSync(manifestFile, 'utf8'), manifestFile);
const FORMATS: readonly ListingFormat[] = ['xml', 'markdown'];
const SALESFORCE = path.join(corporaDir, 'salesforce-skills', 'skills');
const HELDOUT = path.join(sharedDir, 'bench', 'salesforce-heldout.jsonl');

type Entries = ReadonlyArray<{ name: string; shown: string }>;
const described = (entries: Entries, ok: (n: string) => boolean) =>
  entries.some((e) => ok(e.name) && e.shown !== 'name' && e.shown !== 'omitted');
const listed = (entries: Entries, ok: (n: string) => boolean) =>
  entries.some((e) => ok(e.name) && e.shown !== 'omitted');

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

// The salesforce library as a whole: the domains the listing reaches and names, and the held-out set.
if (fs.existsSync(SALESFORCE) && fs.existsSync(HELDOUT)) {
  const heldout = parseLabels(fs.readFileSync(HELDOUT, 'utf8'), HELDOUT).filter(
    (l) => l.expected.length > 0,
  );
  const service = await createService({ roots: [SALESFORCE], cache: false });
  const catalog = await service.catalog();
  if (!catalog.ok) throw new Error(catalog.problem.message);
  const domainOfName = new Map(catalog.value.skills.map((s) => [s.id, domainOf(s, 'path')]));
  const domains = [...new Set(domainOfName.values())].sort();
  // A domain is named when its name stands alone in the text (not inside a path or a skill's name).
  const named = (text: string) =>
    domains.filter((d) => new RegExp(`(?<![\\w/.-])${d}(?![\\w/-])`).test(text)).length;
  console.log(
    `\nsalesforce library (${catalog.value.skills.length} skills, ${domains.length} domains), default budget; held-out: ${heldout.length} queries`,
  );
  console.log(
    `${'format'.padEnd(8)} ${'listed'.padStart(6)}  ${'domains reached'.padStart(15)}  ${'domains named'.padStart(13)}  ${'paths'.padStart(5)}  ${'held-out listed (no context / intent)'.padStart(37)}  ${'described with intent'.padStart(21)}`,
  );
  for (const format of [...FORMATS, 'json' as const]) {
    const plain = await service.listing({ format });
    if (!plain.ok) throw new Error(plain.problem.message);
    const shown = plain.value.entries.filter((e) => e.shown !== 'omitted');
    const reached = new Set(shown.map((e) => domainOfName.get(e.name))).size;
    const paths = plain.value.text.includes(SALESFORCE);
    let listedPlain = 0;
    let listedIntent = 0;
    let describedIntent = 0;
    for (const l of heldout) {
      const ok = (name: string): boolean => l.expected.includes(name);
      const ranked = await service.listing({ format, context: { intent: l.query } });
      if (!ranked.ok) throw new Error(ranked.problem.message);
      if (listed(plain.value.entries, ok)) listedPlain++;
      if (listed(ranked.value.entries, ok)) listedIntent++;
      if (described(ranked.value.entries, ok)) describedIntent++;
    }
    const row = {
      set: 'salesforce-heldout',
      format,
      skills: plain.value.entries.length,
      listed: shown.length,
      domains: domains.length,
      reached,
      named: named(plain.value.text),
      paths,
      queries: heldout.length,
      listedPlain,
      listedIntent,
      describedIntent,
    };
    rows.push(row);
    console.log(
      `${format.padEnd(8)} ${String(row.listed).padStart(6)}  ${`${reached} of ${domains.length}`.padStart(15)}  ${`${row.named} of ${domains.length}`.padStart(13)}  ${(paths ? 'yes' : 'no').padStart(5)}  ${`${pct(listedPlain, heldout.length)} / ${pct(listedIntent, heldout.length)}`.padStart(37)}  ${pct(describedIntent, heldout.length).padStart(21)}`,
    );
  }
  service.close();
}
console.log(JSON.stringify(rows));

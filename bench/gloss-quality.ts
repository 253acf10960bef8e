// Gloss quality over the tuning sets, without a model: for each positive query and each skill it is
// labelled with, tokenize the query, find which of its terms the skill's full description holds and
// which its 220-character roster gloss holds. The skill "keeps" the query when the gloss holds every
// query term the description holds. For the salesforce sets the library's published glosses
// (reference-rosters/*/references/skill-index.md, matched by skill name) are measured too.
// Usage: node --import tsx bench/gloss-quality.ts [manifest.json] — a table, then JSON.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverSkills } from '../src/discover/discover.js';
import { parseLabels } from '../src/eval/eval.js';
import { parseManifest } from '../src/eval/manifest.js';
import { tokenize } from '../src/search/tokenize.js';
import { buildGloss } from '../src/tier/gloss.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const manifestFile = path.resolve(process.argv[2] ?? path.join(here, 'queries', 'manifest.json'));
const sets = parseManifest(fs.readFileSync(manifestFile, 'utf8'), manifestFile);
const ROSTERS = path.resolve(here, '../../shared/corpora/salesforce-skills/reference-rosters');

/** Published glosses by skill name: roster lines `- \`skills/<domain>/<name>/SKILL.md\` — <gloss>`. */
function publishedGlosses(): Map<string, string> {
  const out = new Map<string, string>();
  if (!fs.existsSync(ROSTERS)) return out;
  for (const dir of fs.readdirSync(ROSTERS)) {
    const file = path.join(ROSTERS, dir, 'references', 'skill-index.md');
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = /^- `([^`]+)\/SKILL\.md` — (.*)$/u.exec(line);
      if (m) out.set(path.basename(m[1] as string), m[2] as string);
    }
  }
  return out;
}

/** One way of glossing a set, summed over (query, labelled skill) pairs. */
interface Tally {
  pairs: number;
  keeps: number;
  /** Pairs whose description holds at least one query term, and their summed gloss/description share. */
  shared: number;
  shareSum: number;
  /** Pairs whose skill has no gloss of this kind (not in the published rosters). */
  missing: number;
}
const tally = (): Tally => ({ pairs: 0, keeps: 0, shared: 0, shareSum: 0, missing: 0 });

function count(
  t: Tally,
  queryTerms: readonly string[],
  desc: Set<string>,
  gloss: string | undefined,
) {
  if (gloss === undefined) {
    t.missing++;
    return;
  }
  const glossTerms = new Set(tokenize(gloss));
  const inDesc = queryTerms.filter((q) => desc.has(q));
  const inGloss = inDesc.filter((q) => glossTerms.has(q));
  t.pairs++;
  if (inGloss.length === inDesc.length) t.keeps++;
  if (inDesc.length > 0) {
    t.shared++;
    t.shareSum += inGloss.length / inDesc.length;
  }
}

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);
const published = publishedGlosses();
const rows: Array<Record<string, unknown>> = [];
console.log(
  `${'set'.padEnd(22)} ${'queries'.padStart(7)} ${'pairs'.padStart(5)}  ${'keeps (ours)'.padStart(12)} ${'mean share'.padStart(10)}  ${'keeps (published)'.padStart(17)} ${'mean share'.padStart(10)}`,
);
for (const set of sets) {
  const labels = parseLabels(fs.readFileSync(set.queries, 'utf8'), set.queries).filter(
    (l) => l.expected.length > 0,
  );
  if (labels.length === 0) continue;
  const { skills } = await discoverSkills({ roots: set.roots });
  const byName = new Map<string, (typeof skills)[number]>();
  for (const s of skills) {
    byName.set(s.id, s);
    if (!byName.has(s.name)) byName.set(s.name, s);
  }
  const salesforce = set.name.startsWith('salesforce');
  const ours = tally();
  const theirs = tally();
  let unknown = 0;
  const descTerms = new Map<string, Set<string>>();
  for (const l of labels) {
    const queryTerms = [...new Set(tokenize(l.query))];
    for (const name of l.expected) {
      const skill = byName.get(name) ?? byName.get(name.split(':').pop() as string);
      if (!skill) {
        unknown++;
        continue;
      }
      let desc = descTerms.get(skill.id);
      if (!desc) {
        desc = new Set(tokenize(skill.description));
        descTerms.set(skill.id, desc);
      }
      count(ours, queryTerms, desc, buildGloss(skill.description));
      if (salesforce) count(theirs, queryTerms, desc, published.get(skill.name));
    }
  }
  const share = (t: Tally): number | null => (t.shared === 0 ? null : t.shareSum / t.shared);
  const row = {
    set: set.name,
    queries: labels.length,
    pairs: ours.pairs,
    unknown,
    keeps: ours.pairs === 0 ? null : ours.keeps / ours.pairs,
    meanShare: share(ours),
    published: salesforce
      ? {
          pairs: theirs.pairs,
          missing: theirs.missing,
          keeps: theirs.pairs === 0 ? null : theirs.keeps / theirs.pairs,
          meanShare: share(theirs),
        }
      : null,
  };
  rows.push(row);
  const meanPct = (v: number | null) => (v === null ? '—' : `${(100 * v).toFixed(1)}%`);
  console.log(
    `${set.name.padEnd(22)} ${String(labels.length).padStart(7)} ${String(ours.pairs).padStart(5)}  ${pct(ours.keeps, ours.pairs).padStart(12)} ${meanPct(share(ours)).padStart(10)}  ${(salesforce ? pct(theirs.keeps, theirs.pairs) : '—').padStart(17)} ${(salesforce ? meanPct(share(theirs)) : '—').padStart(10)}`,
  );
}
console.log(JSON.stringify(rows));

// Text for the terminal: `skillset build --measure` and `skillset gloss-coverage`.

import type { CoverageRow, GlossCoverage } from './coverage.js';
import { GLOSS_BUDGET } from './gloss.js';
import type { TierMeasure } from './measure.js';
import { thousands } from './render.js';

/** The `--measure` report: start cost against the flat listing, then each domain's on-demand cost. */
export function measureText(m: TierMeasure): string {
  const pct = (m.ratio * 100).toFixed(1);
  const rows = m.domains.map((d) => [
    d.domain,
    thousands(d.skills),
    thousands(d.startTokens),
    thousands(d.routerTokens),
    thousands(d.rosterTokens),
  ]);
  const head = ['domain', 'skills', 'at start', 'router', 'roster'];
  const widths = head.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => (r[i] as string).length)),
  );
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join('  ');
  return [
    `At session start: ${thousands(m.atStart.tokens)} tokens (${m.atStart.components} components: the entry router and ${m.domains.length} domain routers)`,
    `Listing every skill: ${thousands(m.flat.tokens)} tokens (${thousands(m.flat.components)} components)`,
    `The tier costs ${pct}% of the flat listing; opening a router and reading its roster is paid on demand:`,
    '',
    line(head),
    ...rows.map(line),
    '',
    `Token model: ${m.model}.`,
    '',
  ].join('\n');
}

function rows(label: string, group: readonly CoverageRow[], limit: number): string[] {
  if (group.length === 0) return [];
  const shown = group.slice(0, limit).map((r) => `  ${r.domain}/${r.id}`);
  const more = group.length > limit ? [`  … and ${group.length - limit} more`] : [];
  return [
    '',
    `${label} (${group.length}) — usually correct, listed for review:`,
    ...shown,
    ...more,
  ];
}

/** The `gloss-coverage` report; `gloss-coverage` exits 1 when `clipped` is not empty. */
export function coverageText(c: GlossCoverage, budget = GLOSS_BUDGET): string {
  const scope = c.domain === undefined ? '' : ` in ${c.domain}`;
  const lines = [`'${c.term}'${scope}: reaches the roster in ${c.routed.length} skill(s).`];
  if (c.clipped.length > 0) {
    lines.push(
      '',
      `CLIPPED — declared as a trigger, cut before the roster (${c.clipped.length}):`,
      ...c.clipped.map(
        (r) => `  ${`${r.domain}/${r.id}`.padEnd(52)} gloss=${r.glossChars}/${budget}`,
      ),
      '',
      'Triggers survive in the order they are written. To route the term, move it to the front of the',
      "description's `Triggers:` clause, replacing a weaker phrase rather than adding one: glosses",
      'already run at the budget.',
    );
  }
  lines.push(
    ...rows('Mentioned in lead prose only, not routed', c.leadOnly, 10),
    ...rows('Mentioned in the body only, not routed', c.bodyOnly, 10),
    '',
  );
  return lines.join('\n');
}

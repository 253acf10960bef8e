// The doctor operation: the listing against its budget (what was cut, hidden, kept and why) and the
// shell and permission posture, with its text.

import type { DoctorReport } from '../core/doctor.js';
import { visibleLines } from '../text/visible.js';
import { operation } from './operation.js';
import { type ListingInput, listingOptions, listingSchema } from './skills.js';

/** What granted the project trust, as doctor says it. */
const TRUST_SOURCES: Record<string, string> = {
  option: 'by --trust-project or the host',
  'user-config': 'by invoke.trustProject in the user config',
  'config-file': 'by invoke.trustProject in the config named with --config',
  'trusted-folder': 'by invoke.trustedProjects in the user config',
};

/** How the doctor explains the paths, the names kept when not all fit, and the closing line. */
function listingChoiceLines(l: DoctorReport['listing']): string[] {
  const out: string[] = [];
  if (!l.paths && l.format !== 'markdown' && l.shown > 0)
    out.push(
      '  paths left out: not every entry fits whole with its path, and the model loads by name',
    );
  for (const t of l.tiers)
    out.push(
      `  tier ${t.entry}: its entry router and ${t.routers.length} domain router(s) are pinned, listed first`,
    );
  const c = l.choice;
  if (!c) return out;
  const by = {
    relevance: 'by relevance to the turn (--intent, --file)',
    usage: 'by local usage (the most loaded and invoked)',
    domains: 'by a spread across the library’s domains (no turn, no usage counts)',
  }[c.by];
  const parts = [
    c.listed.pinned > 0 ? `${c.listed.pinned} pinned` : '',
    c.listed.relevance > 0
      ? `${c.listed.relevance} relevant to the turn${c.described > 0 ? ` (${c.described} described)` : ''}`
      : '',
    c.listed.usage > 0 ? `${c.listed.usage} most used` : '',
    c.listed.spread > 0 ? `${c.listed.spread} spread across domains` : '',
  ].filter((p) => p !== '');
  out.push(
    l.omitted > 0
      ? `  not even the names fit: the names kept were chosen ${by}, never alphabetically: ${parts.join(', ') || 'none'}`
      : '  the names fit only grouped under their domains, each domain named once',
  );
  if (c.domains > 0)
    out.push(
      `  domains (by ${l.domainsFrom === 'field' ? 'front matter' : 'folder'}): ${c.named > 0 ? `${c.named} of ${c.domains} named, each once with its names under it` : `${c.reached} of ${c.domains} reached`}; the most mentioned, most central skills of each first`,
    );
  if (l.closing) out.push(`  closing line: ${l.closing}`);
  return out;
}

function doctorText(r: DoctorReport): string {
  const l = r.listing;
  const n = (x: number) => x.toLocaleString('en');
  const out = [
    `listing: ${n(l.chars)} of ${n(l.budget)} characters (${l.format}, budget from ${l.budgetSource === 'chars' ? '--budget or the config' : l.budgetSource === 'context' ? 'the context size' : 'the default'})`,
    `  in full it would take ${n(l.fullChars)}: ${l.level === 'full' ? (l.paths || l.format === 'markdown' ? 'nothing is cut' : 'every entry whole, without its path') : `degraded to ${l.level} (${l.mode})`}`,
    `  ${l.shown} of ${l.skills} skills shown${l.omitted > 0 ? `; ${l.omitted} not listed (the closing line points to ${l.tiers.length > 0 ? 'the tier’s routers and search' : 'search'})` : ''}${l.hidden.length > 0 ? `; ${l.hidden.length} hidden` : ''}`,
    ...listingChoiceLines(l),
    '  largest entries:',
    ...l.largest.map((e) => `    ${e.name.padEnd(40)} ${n(e.chars).padStart(6)} chars  ${e.shown}`),
  ];
  const counts = new Map<string, number>();
  for (const c of l.cut) counts.set(c.shown, (counts.get(c.shown) ?? 0) + 1);
  if (counts.size > 0)
    out.push(`  cut: ${[...counts].map(([k, v]) => `${v} ${k}`).join(', ')} (--json lists each)`);
  if (l.hidden.length > 0) {
    out.push(`  hidden ${l.hidden.length}:`);
    for (const h of l.hidden.slice(0, 20)) out.push(`    ${h.name}: ${h.message}`);
    if (l.hidden.length > 20)
      out.push(`    … and ${l.hidden.length - 20} more (--json lists each)`);
  }
  const sh = r.shell;
  out.push(
    `shell: ${sh.policy === 'off' ? 'off for every skill' : 'on for trusted skills'}; project skills ${sh.trustProject || sh.trustSource === 'trusted-folder' ? `trusted (${TRUST_SOURCES[sh.trustSource ?? 'option']})` : 'not trusted'}; ${n(sh.timeoutMs)} ms a command`,
    ...(sh.trustedFolders.length > 0
      ? [`  trusted folders (user config): ${sh.trustedFolders.join(', ')}`]
      : []),
  );
  const running = sh.skills.filter((s) => s.runs).length;
  out.push(
    `  ${sh.skills.length} skill(s) with shell commands; ${running} would run them${sh.skills.length > running ? `, ${sh.skills.length - running} would show placeholders` : ''}`,
  );
  for (const s of sh.skills.slice(0, 10))
    out.push(
      `    ${s.name} (${s.scope}): ${s.sites} command(s), ${s.runs ? 'runs' : `not run${s.untrusted ? `: ${s.untrusted}` : ''}`}`,
    );
  const pm = r.permissions;
  out.push(
    `permissions: ${pm.allow.length} allow, ${pm.deny.length} deny rule(s), ${Object.keys(pm.overrides).length} override(s)`,
    `  the model's call: ${pm.model.allow} allowed, ${pm.model.ask} ask first, ${pm.model.deny} denied`,
  );
  for (const a of pm.ask.slice(0, 10)) out.push(`    asks  ${a.name}: ${a.unsafe.join(', ')}`);
  if (pm.ask.length > 10)
    out.push(`    … and ${pm.ask.length - 10} more that ask (--json lists each)`);
  for (const d of pm.denied.slice(0, 10)) out.push(`    denied ${d.name}: ${d.reason}`);
  if (pm.denied.length > 10)
    out.push(`    … and ${pm.denied.length - 10} more denied (--json lists each)`);
  out.push(searchLine(r.search));
  if (r.problems.length > 0) {
    out.push(`problems ${r.problems.length}:`);
    for (const p of r.problems) out.push(`  ${p}`);
  }
  return `${out.join('\n')}\n`;
}

/** The semantic pass in one line: off, or on with the models that run and why any does not. */
function searchLine(s: DoctorReport['search']): string {
  const models = s.models
    .map((m) => (m.available ? m.name : `${m.name} (off: ${m.why})`))
    .join(', ');
  return s.semantic
    ? `search: the semantic pass is on (${Math.round(s.semanticWeight * 100)}% of a fused score); models ${models}`
    : `search: lexical only; the semantic pass is off (--semantic or search.semantic turns it on; models ${models})`;
}

/** The listing's size, what was cut and why, and the shell and permission posture; 1 with problems. */
export const doctor = operation<ListingInput, DoctorReport>({
  name: 'doctor',
  input: listingSchema,
  run: ({ service, caller }, input) => service.doctor(listingOptions(input, caller)),
  text: (report) => doctorText(visibleLines(report)),
  exit: (report) => ({ code: report.problems.length > 0 ? 1 : 0 }),
});

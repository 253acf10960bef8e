// `skillset listing` and `skillset doctor` as a user runs them, over the real salesforce library and
// the bundled example: never over budget, the closing line when names alone do not fit, every name
// when they do, and the doctor's account of what was cut.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { countSkills, domainsOf } from '../src/test-support/corpus.js';
import { cliPath, corporaDir, repoRoot } from '../src/test-support/paths.js';

const cache = mkdtempSync(path.join(os.tmpdir(), 'skillset-listing-'));
const salesforce = path.join(corporaDir, 'salesforce-skills', 'skills');
const example = path.join(repoRoot, 'examples', 'skills');

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cliPath, ...args, '-q'], {
    cwd: repoRoot,
    env: { ...process.env, SKILLSET_CACHE_DIR: cache },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The library's domain folders, and how many. */
const domains = domainsOf(salesforce);
const n = domains.length;

/** The names printed under each domain, in each form. */
function groupsOf(format: string, text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (format === 'json') {
    for (const b of JSON.parse(text) as Array<{ domain?: string; names?: string[] }>)
      if (b.domain && b.names) out[b.domain] = b.names;
    return out;
  }
  const group =
    format === 'xml'
      ? /<domain name="([^"]+)" skills="\d+">\n([^\n]*)\n<\/domain>/g
      : /^([a-z-]+) \(\d+ skills?\): (.*)$/gm;
  for (const m of text.matchAll(group)) out[m[1] as string] = (m[2] as string).split(', ');
  return out;
}

/** The JSON report; of the XML form unless `--format` names another (`--json` alone is the JSON form). */
const json = (args: string[]) => {
  const r = run([...args, ...(args.includes('--format') ? [] : ['--format', 'xml']), '--json']);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
};

describe('skillset listing', () => {
  for (const format of ['xml', 'markdown', 'json'])
    it(`stays within 8,000 characters over the salesforce library (${format}) and says how many are not listed`, () => {
      const r = run(['listing', salesforce, '--format', format]);
      assert.equal(r.status, 0, r.stderr);
      // `--format json` is `--json`: the listing is its `text`.
      const text = format === 'json' ? JSON.parse(r.stdout).text : r.stdout.replace(/\n$/, '');
      assert.ok(text.length <= 8000, `${text.length} characters`);
      const v = json(['listing', salesforce, '--format', format]);
      assert.equal(v.text, text);
      assert.equal(v.budget, 8000);
      assert.equal(v.budgetSource, 'default');
      assert.equal(v.level, 'partial');
      assert.equal(v.entries.length, countSkills(salesforce));
      assert.ok(v.omitted > 0);
      const closing = `… and ${v.omitted} more skills, not listed: find them with the search_skills tool (skillset search).`;
      assert.ok(text.includes(closing), text.slice(-300));
      const listed = v.entries.filter((e: { shown: string }) => e.shown !== 'omitted');
      assert.equal(listed.length + v.omitted, v.entries.length);
      for (const e of listed) assert.ok(text.includes(e.name), e.name);
    });

  it('names every domain of the salesforce library at the default budget, spends nothing on paths, and ends with the closing line', () => {
    assert.ok(n > 1, 'the library has domains');
    for (const format of ['xml', 'markdown', 'json']) {
      const v = json(['listing', salesforce, '--format', format]);
      assert.ok(v.chars <= 8000 && v.text.length === v.chars, `${format}: ${v.chars}`);
      assert.equal(v.paths, false);
      assert.ok(!v.text.includes(corporaDir) && !v.text.includes('SKILL.md'), format);
      assert.deepEqual(
        { by: v.choice.by, domains: v.choice.domains, named: v.choice.named },
        { by: 'domains', domains: n, named: n },
      );
      // Each domain once, with its names under it, and those names are listed skills of that domain.
      const listed = new Set(
        v.entries
          .filter((e: { shown: string }) => e.shown !== 'omitted')
          .map((e: { name: string }) => e.name),
      );
      assert.ok(listed.size > 250, `${format}: ${listed.size} listed`);
      const groups = groupsOf(format, v.text);
      assert.deepEqual(Object.keys(groups).sort(), domains);
      const printed = Object.values(groups).flat();
      assert.deepEqual([...printed].sort(), [...listed].sort());
      for (const [domain, names] of Object.entries(groups))
        for (const name of names)
          assert.ok(
            existsSync(path.join(salesforce, domain, name, 'SKILL.md')),
            `${domain}/${name}`,
          );
      // Not the alphabetical head of the library.
      const alphabetical = v.entries
        .map((e: { name: string }) => e.name)
        .sort()
        .slice(0, listed.size);
      assert.notDeepEqual([...listed].sort(), alphabetical);
      const closing = `… and ${v.omitted} more skills, not listed: find them with the search_skills tool (skillset search).`;
      assert.equal(v.closing, closing);
      if (format === 'json') assert.equal(JSON.parse(v.text).at(-1).note, closing);
      else assert.ok(v.text.endsWith(`\n${closing}`), v.text.slice(-200));
    }
  });

  it('prints one thing for --format json and --json, as lint does: the report, of the JSON form', () => {
    const outputs = [['--format', 'json'], ['--json'], ['--json', '--format', 'json']].map(
      (flags) => {
        const r = run(['listing', example, ...flags]);
        assert.equal(r.status, 0, r.stderr);
        return r.stdout;
      },
    );
    assert.equal(new Set(outputs).size, 1, outputs.join('\n---\n'));
    const v = JSON.parse(outputs[0] as string);
    assert.equal(v.format, 'json');
    assert.ok(Array.isArray(JSON.parse(v.text)) && v.entries.length > 0);
    // Another form is still there in the report when named.
    assert.equal(json(['listing', example, '--format', 'markdown']).format, 'markdown');
  });

  it('takes the domains from the front matter with --domains-from field', () => {
    // Every skill's category is its folder in this library: the same domains.
    const v = json(['listing', salesforce, '--domains-from', 'field', '--format', 'json']);
    assert.deepEqual([v.domainsFrom, v.choice.domains, v.choice.named], ['field', n, n]);
    assert.deepEqual(Object.keys(groupsOf('json', v.text)).sort(), domains);
  });

  it('keeps the skills relevant to the turn first, and still names every domain', () => {
    const v = json(['listing', salesforce, '--intent', 'create a validation rule']);
    assert.equal(v.choice.by, 'relevance');
    assert.equal(v.choice.named, n);
    assert.ok(v.choice.listed.relevance > 10);
    const shown = new Map(v.entries.map((e: { name: string; shown: string }) => [e.name, e.shown]));
    assert.equal(shown.get('validation-rules'), 'full');
    assert.match(v.text, /<name>\nvalidation-rules\n<\/name>\n<description>/);
    assert.ok(v.chars <= 8000);
  });

  it('lists a built tier’s routers first and points the closing line to them', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'skillset-listing-tier-'));
    const built = run(['build', salesforce, '--out', out, '--name', 'sf']);
    assert.equal(built.status, 0, built.stderr);
    const v = json(['listing', salesforce, out, '--format', 'markdown']);
    const lines = v.text.split('\n');
    assert.deepEqual(lines.slice(0, n + 1).sort(), ['- sf', ...domains.map((d) => `- sf-${d}`)]);
    assert.deepEqual(
      v.tiers.map((t: { entry: string; routers: string[] }) => [t.entry, t.routers.length]),
      [['sf', n]],
    );
    assert.equal(v.choice.listed.pinned, n + 1);
    assert.equal(
      lines.at(-1),
      `… and ${v.omitted} more skills, not listed: open the router of their domain (sf-<domain>; sf lists the domains), or find them with the search_skills tool (skillset search).`,
    );
    assert.ok(v.chars <= 8000);
  });

  it('lists every name at a budget large enough for the names', () => {
    const v = json(['listing', salesforce, '--format', 'markdown', '--budget', '60000']);
    assert.ok(v.chars <= 60000);
    assert.equal(v.omitted, 0);
    assert.ok(['truncated', 'names'].includes(v.level), v.level);
    const lines = new Set(
      v.text.split('\n').map((l: string) => l.replace(/^- /, '').split(':')[0]),
    );
    for (const e of v.entries) assert.ok(lines.has(e.name), e.name);
  });

  it('derives the budget from the context size: tokens × 4 × fraction', () => {
    assert.equal(json(['listing', example, '--context-tokens', '200000']).budget, 8000);
    assert.equal(
      json(['listing', example, '--context-tokens', '200000', '--fraction', '0.02']).budget,
      16000,
    );
    const both = run(['listing', example, '--budget', '10', '--context-tokens', '10']);
    assert.equal(both.status, 2);
    assert.match(both.stderr, /a budget or a context size, not both/);
  });

  it('hides conditional and model-disabled skills until activated, and says why', () => {
    const v = json(['listing', example]);
    assert.deepEqual(
      v.hidden.map((h: { name: string; reason: string }) => `${h.name}:${h.reason}`),
      [
        'changelog-entry:inactive-paths',
        'release:disable-model-invocation',
        'sql-migration:inactive-paths',
      ],
    );
    const on = json(['listing', example, '--activate', 'sql-migration']);
    assert.ok(on.text.includes('<name>\nsql-migration\n</name>'));
  });

  it('activates the conditional skills an active file matches', () => {
    const v = json(['listing', example, '--file', 'migrations/001_init.sql']);
    assert.ok(!v.hidden.some((h: { name: string }) => h.name === 'sql-migration'));
    assert.match(v.text, /<name>\nsql-migration\n<\/name>/);
  });

  it('says how many skills it leaves out even at a tiny budget, and warns when it cannot', () => {
    const brief = json(['listing', example, '--budget', '30']);
    assert.equal(brief.text, '… 7 more skills not listed.');
    const none = run(['listing', example, '--budget', '10', '--json']);
    assert.equal(none.status, 0);
    assert.equal(JSON.parse(none.stdout).text, '');
    const loud = spawnSync(process.execPath, [cliPath, 'listing', example, '--budget', '10'], {
      env: { ...process.env, SKILLSET_CACHE_DIR: cache },
      encoding: 'utf8',
    });
    assert.match(loud.stderr, /\[listing\/too-small\]/);
    const fraction = run(['listing', example, '--fraction', '0.02']);
    assert.equal(fraction.status, 2);
    assert.match(fraction.stderr, /A fraction needs a context size/);
  });

  it('keeps the descriptions of the skills relevant to the intent', () => {
    const plain = json(['listing', salesforce, '--format', 'markdown', '--budget', '30000']);
    const ranked = json([
      'listing',
      salesforce,
      '--format',
      'markdown',
      '--budget',
      '30000',
      '--intent',
      'write apex trigger unit tests',
    ]);
    assert.equal(plain.mode, 'equal-share');
    assert.equal(ranked.mode, 'relevance');
    const full = (v: { entries: Array<{ shown: string }> }) =>
      v.entries.filter((e) => e.shown === 'full' || e.shown === 'capped').length;
    assert.ok(full(ranked) > 0);
    const best = ranked.entries.find((e: { shown: string }) => e.shown === 'full');
    assert.match(best.name, /apex|trigger|test/);
  });
});

describe('skillset doctor', () => {
  it('reports settings that do not do what they say, and exits 1', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-doctor-'));
    const config = path.join(dir, 'skillset.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        permissions: {
          allow: ['Skill(bogus'],
          deny: ['Skill(write-tests)'],
          overrides: { nope: 'off' },
        },
        listing: { pinned: ['ghost'] },
      }),
    );
    const r = run(['doctor', example, '--config', config, '--json']);
    assert.equal(r.status, 1, r.stderr);
    const v = JSON.parse(r.stdout);
    assert.equal(v.problems.length, 3, v.problems.join('\n'));
    assert.match(v.problems.join('\n'), /Skill\(bogus/);
    assert.match(v.problems.join('\n'), /`nope`, which is no skill here/);
    assert.match(v.problems.join('\n'), /`ghost`, which is no skill here/);
    // The deny rule hides write-tests from the listing and the model.
    assert.ok(
      v.listing.hidden.some(
        (h: { name: string; reason: string }) => h.name === 'write-tests' && h.reason === 'denied',
      ),
    );
    assert.ok(
      v.permissions.denied.some(
        (d: { name: string; step: string }) => d.name === 'write-tests' && d.step === 'deny-rule',
      ),
    );
  });

  it('explains what the listing cut over the salesforce library, and the posture', () => {
    const r = run(['doctor', salesforce]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /^listing: 7,\d{3} of 8,000 characters \(xml, budget from the default\)/,
    );
    assert.match(r.stdout, /in full it would take [\d,]+: degraded to partial/);
    assert.match(r.stdout, /not listed \(the closing line points to search\)/);
    assert.match(r.stdout, /paths left out: not every entry fits whole with its path/);
    assert.match(
      r.stdout,
      /the names kept were chosen by a spread across the library’s domains .*never alphabetically: \d+ spread across domains/,
    );
    assert.match(
      r.stdout,
      new RegExp(`domains \\(by folder\\): ${n} of ${n} named, each once with its names under it`),
    );
    assert.match(r.stdout, /closing line: … and \d+ more skills, not listed: find them with/);
    assert.match(r.stdout, /largest entries:/);
    assert.match(r.stdout, /^shell: on for trusted skills; project skills not trusted/m);
    const v = json(['doctor', salesforce]);
    assert.deepEqual(
      [v.listing.paths, v.listing.choice.by, v.listing.choice.named, v.listing.domainsFrom],
      [false, 'domains', n, 'path'],
    );
    const turn = run(['doctor', salesforce, '--intent', 'create a validation rule']);
    assert.match(
      turn.stdout,
      /chosen by relevance to the turn .*: \d+ relevant to the turn \(\d+ described\), \d+ spread across domains/,
    );
    assert.equal(v.listing.largest.length, 10);
    assert.ok(v.listing.largest[0].chars >= v.listing.largest[9].chars);
    assert.ok(v.listing.fullChars > v.listing.budget);
  });

  it('reports hidden skills and the ones that ask before the model runs them', () => {
    const v = json(['doctor', example]);
    assert.equal(v.listing.level, 'full');
    assert.equal(v.listing.hidden.length, 3);
    const ask = new Map(
      v.permissions.ask.map((a: { name: string; unsafe: string[] }) => [a.name, a.unsafe]),
    );
    assert.deepEqual(ask.get('review-pr'), ['context', 'allowed-tools']);
    assert.equal(ask.has('write-tests'), false);
    // release is the user's alone: denied to the model, not asked about.
    assert.deepEqual(
      v.permissions.denied.map((d: { name: string; step: string }) => `${d.name}:${d.step}`),
      ['release:frontmatter'],
    );
    assert.deepEqual(v.permissions.model, { allow: 5, ask: 4, deny: 1 });
    assert.deepEqual(v.problems, []);
  });
});

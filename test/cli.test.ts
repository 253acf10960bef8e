// The CLI as a user runs it: a real process, stdout, stderr and exit codes.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { countSkills } from '../src/test-support/corpus.js';
import { cliPath, corporaDir, repoRoot } from '../src/test-support/paths.js';
import { within } from '../src/test-support/within.js';

const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'skillset-cli-'));
const home = mkdtempSync(path.join(os.tmpdir(), 'skillset-home-'));
const cli = (args: string[], cwd = repoRoot) =>
  spawnSync(process.execPath, [cliPath, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, SKILLSET_CACHE_DIR: cacheDir, HOME: home },
  });
const examples = path.join(repoRoot, 'examples', 'skills');

describe('skillset list', () => {
  it('prints the JSON contract over a real library and exits 0', () => {
    const lib = path.join(corporaDir, 'salesforce-skills', 'skills');
    const r = cli(['list', lib, '--json']);
    assert.equal(r.status, 0, r.stderr);
    const rows = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    assert.equal(rows.length, countSkills(lib));
    assert.deepEqual(Object.keys(rows[0] ?? {}), ['id', 'name', 'path', 'scope', 'description']);
    assert.ok(
      rows.every(
        (row) => path.isAbsolute(String(row.path)) && String(row.path).endsWith('SKILL.md'),
      ),
    );
  });

  it('gives the same bytes warm as cold', () => {
    const root = path.join(corporaDir, 'everything-claude-code');
    const cold = cli(['list', root, '--json', '--no-cache']);
    cli(['list', root, '--json']);
    const warm = cli(['list', root, '--json']);
    assert.equal(warm.stdout, cold.stdout);
    assert.equal(warm.stderr, cold.stderr);
  });

  it('prints diagnostics on stderr and still exits 0', () => {
    const r = cli(['list', path.join(corporaDir, 'claude-skills')]);
    assert.equal(r.status, 0);
    assert.match(
      r.stderr,
      /SKILL\.md:1:1: error [^\n]* does not exist; not loaded \[discover\/dangling-link\]/,
    );
    assert.match(r.stdout, /\d+ skills\n$/);
  });

  it('exits quietly when the reader closes the pipe early', () => {
    const r = spawnSync(
      'bash',
      [
        '-c',
        `"${process.execPath}" "${cliPath}" list "${path.join(corporaDir, 'salesforce-skills', 'skills')}" --json | head -c 10; exit \${PIPESTATUS[0]}`,
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, SKILLSET_CACHE_DIR: cacheDir, HOME: home },
      },
    );
    assert.equal(r.stderr, '');
    assert.equal(r.status, 0);
  });

  it('reads the standard scopes when given no path, and accepts --dir', () => {
    const none = cli(['list', '--json'], home);
    assert.equal(none.status, 0);
    assert.deepEqual(JSON.parse(none.stdout), []);
    const dir = cli(['list', '--dir', examples, '--json'], home);
    assert.ok((JSON.parse(dir.stdout) as unknown[]).length >= 8);
  });

  it('exits 2 with one line for a missing folder or a bad flag', () => {
    const missing = cli(['list', '/no/such/folder']);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /^skillset: No such folder: \/no\/such\/folder\n/);
    assert.equal(cli(['list', '--precedence', 'sideways']).status, 2);
    assert.equal(cli(['frobnicate']).status, 2);
  });

  it('has help that names the JSON shape, and a version', () => {
    const help = cli(['list', '--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /"id", "name", "path", "scope", "description"/);
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    assert.equal(cli(['--version']).stdout.trim(), pkg.version);
  });
});

describe('skillset show', () => {
  it('shows a skill with its body as JSON', () => {
    const r = cli(['show', 'review-pr', examples, '--json', '--body']);
    assert.equal(r.status, 0, r.stderr);
    const s = JSON.parse(r.stdout) as {
      id: string;
      body: string;
      frontmatter: Record<string, unknown>;
    };
    assert.equal(s.id, 'review-pr');
    assert.ok(s.body.length > 0);
    assert.ok('description' in s.frontmatter);
  });

  it('suggests the closest name for a typo and exits 2', () => {
    const r = cli(['show', 'reveiw-pr', examples]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /Unknown skill `reveiw-pr`\n {2}Did you mean `review-pr`\?/);
  });
});

describe('legacy commands', () => {
  it('are listed, shown and linted with their front matter', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-legacy-'));
    mkdirSync(path.join(dir, '.claude', 'commands'), { recursive: true });
    writeFileSync(
      path.join(dir, '.claude', 'commands', 'deploy.md'),
      '---\ndescription: Deploy the app to staging\nargument-hint: "[env]"\n---\nRun the deploy script.\n',
    );
    const shown = cli(['show', 'deploy', '--json'], dir);
    assert.equal(shown.status, 0, shown.stderr);
    const out = JSON.parse(shown.stdout) as { frontmatter: Record<string, unknown> };
    assert.deepEqual(out.frontmatter, {
      description: 'Deploy the app to staging',
      'argument-hint': '[env]',
    });
    const linted = cli(['lint', '--format', 'json'], dir);
    assert.ok(linted.status === 0 || linted.status === 1, linted.stderr);
    assert.doesNotMatch(linted.stderr, /internal error/);
    assert.equal((JSON.parse(linted.stdout) as { summary: { skills: number } }).summary.skills, 1);
  });
});

describe('skillset lint', () => {
  for (const lib of [
    'salesforce-skills/skills',
    'everything-claude-code',
    'claude-skills',
    'wshobson-agents',
  ]) {
    it(`lints ${lib} with the recommended profile as JSON, exiting 0 or 1`, () => {
      const r = cli([
        'lint',
        path.join(corporaDir, lib),
        '--profile',
        'recommended',
        '--format',
        'json',
      ]);
      assert.ok(r.status === 0 || r.status === 1, `exit ${r.status}: ${r.stderr}`);
      const out = JSON.parse(r.stdout) as {
        summary: { skills: number; errors: number; warnings: number };
        diagnostics: Array<{ file: string; start: { line: number; column: number } }>;
      };
      assert.equal(r.status, out.summary.errors > 0 ? 1 : 0);
      assert.ok(out.summary.skills > 100);
      for (const d of out.diagnostics)
        assert.ok(path.isAbsolute(d.file) && d.start.line >= 1 && d.start.column >= 1);
    });
  }

  it('lists its rules with their severities whatever the config: no library or settings is read for them', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-rules-'));
    const bad = path.join(dir, 'skillset.config.json');
    writeFileSync(bad, '{ not json');
    const r = cli(['lint', '--list-rules', '--json', '--config', bad]);
    assert.equal(r.status, 0, r.stderr);
    const rules = JSON.parse(r.stdout) as Array<{ code: string; severity: { spec: string } }>;
    assert.ok(rules.some((x) => x.code === 'catalog/listing-over-budget'));
    // The same config stops a lint that reads the library.
    assert.equal(cli(['lint', examples, '--config', bad]).status, 2);
  });

  it('exits 0 on a clean library and 1 when the spec profile finds errors', () => {
    assert.equal(
      cli(['lint', path.join(examples, 'review-pr'), '--profile', 'spec', '--format', 'json'])
        .status,
      1,
    );
    const fixture = path.join(repoRoot, 'test', 'fixtures', 'lint-clean');
    const clean = cli(['lint', fixture, '--profile', 'spec']);
    assert.equal(clean.status, 0, clean.stdout);
    assert.match(clean.stdout, /✔ 1 skill linted: 0 errors, 0 warnings\n$/);
  });

  it('reads rule settings from skillset.config.json and exits 2 on a bad config', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-config-'));
    cpSync(path.join(repoRoot, 'test', 'fixtures', 'lint-clean'), path.join(dir, 'skills'), {
      recursive: true,
    });
    writeFileSync(
      path.join(dir, 'skillset.config.json'),
      JSON.stringify({
        lint: {
          profile: 'spec',
          rules: { 'frontmatter/description-length': ['error', { max: 10 }] },
        },
      }),
    );
    const r = cli(['lint', 'skills', '--format', 'json'], dir);
    assert.equal(r.status, 1, r.stderr);
    assert.ok(r.stdout.includes('Description exceeds 10 character limit'));
    writeFileSync(
      path.join(dir, 'skillset.config.json'),
      JSON.stringify({ lint: { rules: { 'frontmatter/name-formatt': 'off' } } }),
    );
    const bad = cli(['lint', 'skills'], dir);
    assert.equal(bad.status, 2);
    assert.match(
      bad.stderr,
      /Unknown rule `frontmatter\/name-formatt` in config\n {2}Did you mean `frontmatter\/name-format`\?/,
    );
  });

  it('honours inline disables', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-disable-'));
    mkdirSync(path.join(dir, 'Odd_Name'));
    writeFileSync(
      path.join(dir, 'Odd_Name', 'SKILL.md'),
      '---\nname: Odd_Name # skillset-disable frontmatter/name-format\ndescription: Use when testing disables.\n---\nBody\n',
    );
    const codesOf = (folder: string) =>
      (
        JSON.parse(cli(['lint', folder, '--profile', 'spec', '--format', 'json']).stdout) as {
          diagnostics: Array<{ code: string }>;
        }
      ).diagnostics.map((d) => d.code);
    const codes = codesOf(dir);
    assert.ok(!codes.includes('frontmatter/name-format'));
    assert.ok(!codes.includes('frontmatter/name-matches-folder'));
    // The same skill without the directive: the code it disabled is reported.
    const control = mkdtempSync(path.join(os.tmpdir(), 'skillset-disable-control-'));
    mkdirSync(path.join(control, 'Odd_Name'));
    writeFileSync(
      path.join(control, 'Odd_Name', 'SKILL.md'),
      '---\nname: Odd_Name\ndescription: Use when testing disables.\n---\nBody\n',
    );
    assert.ok(codesOf(control).includes('frontmatter/name-format'));
  });

  it('writes SARIF and GitHub annotations', () => {
    const sarif = cli(['lint', path.join(examples, 'broken-yaml'), '--format', 'sarif']);
    assert.equal((JSON.parse(sarif.stdout) as { version: string }).version, '2.1.0');
    const gh = cli(['lint', path.join(examples, 'broken-yaml'), '--format', 'github']);
    assert.match(
      gh.stdout,
      /^::warning file=examples\/skills\/broken-yaml\/SKILL\.md,line=3,col=1,title=parse\/recovered-yaml::/m,
    );
  });
});

describe('skillset search, index and eval', () => {
  const lib = path.join(corporaDir, 'salesforce-skills', 'skills');
  const skills = countSkills(lib);
  const indexFile = path.join(
    mkdtempSync(path.join(os.tmpdir(), 'skillset-index-')),
    'index.sqlite',
  );
  /** `skillset search QUERY <salesforce> --index FILE …flags`. */
  const search = (query: string, ...flags: string[]) =>
    cli(['search', query, lib, '--index', indexFile, ...flags]);

  it('indexes, then re-indexes nothing when nothing changed', () => {
    const first = JSON.parse(cli(['index', lib, '--index', indexFile, '--json']).stdout) as {
      added: number;
      unchanged: number;
    };
    assert.equal(first.added, skills);
    const again = JSON.parse(cli(['index', lib, '--index', indexFile, '--json']).stdout) as {
      added: number;
      unchanged: number;
    };
    assert.deepEqual([again.added, again.unchanged], [0, skills]);
  });

  const OK_QUERY = 'configure a multi-step approval process for discount requests';

  it('prints the search contract: `ok`, `weak` with its candidates, `none` with none', () => {
    const r = search(OK_QUERY, '--json', '--limit', '3');
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as {
      coverage: string;
      results: Array<Record<string, unknown>>;
    };
    assert.equal(out.coverage, 'ok');
    assert.deepEqual(Object.keys(out.results[0] ?? {}), [
      'name',
      'id',
      'score',
      'path',
      'description',
      'copies',
    ]);
    const first = out.results[0] as { path: string; description: string };
    assert.ok(path.isAbsolute(first.path) && first.path.endsWith('SKILL.md'), first.path);
    assert.ok(first.description.length > 0 && !first.description.includes('\n'));
    // Everyday words the library happens to use: candidates, flagged.
    const weak = JSON.parse(search('best pasta recipe for dinner', '--json').stdout) as {
      coverage: string;
      results: unknown[];
    };
    assert.equal(weak.coverage, 'weak');
    assert.ok(weak.results.length > 0);
    const none = JSON.parse(search('photosynthesis chlorophyll xylophone', '--json').stdout) as {
      coverage: string;
      results: unknown[];
    };
    assert.deepEqual(none, { coverage: 'none', results: [] });
  });

  it('prints each result with its description and path, and explains scores and the gate', () => {
    const text = search(OK_QUERY, '--limit', '2');
    assert.equal(text.status, 0, text.stderr);
    const lines = text.stdout.trimEnd().split('\n');
    assert.match(lines[0] ?? '', /^ 1\. \S+ {2}\(\d+\.\d{3}\)$/);
    assert.ok((lines[1] ?? '').startsWith('    ') && (lines[1] ?? '').length <= 110, lines[1]);
    assert.match(lines[2] ?? '', /SKILL\.md$/);
    // `weak` results come under one line that says what they are.
    const weak = search('best pasta recipe for dinner', '--limit', '2').stdout.split('\n');
    assert.match(weak[0] ?? '', /^coverage: weak — no skill clearly fits; .*check a description/);
    assert.match(weak[1] ?? '', /^ 1\. \S+ {2}\(\d+\.\d{3}\)$/);

    const explained = JSON.parse(search(OK_QUERY, '--json', '--explain').stdout) as {
      gate: { verdict: string; coverage: number; thresholds: { ok: number }; terms: unknown[] };
      weights: Record<string, number>;
      results: Array<{
        score: number;
        explain: {
          parts: Record<string, number>;
          features: Record<string, number>;
          matched: string[];
        };
      }>;
    };
    assert.equal(explained.gate.verdict, 'ok');
    assert.ok(explained.gate.coverage >= explained.gate.thresholds.ok);
    for (const r of explained.results) {
      const sum = Object.values(r.explain.parts).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - r.score) < 1e-5, `${sum} vs ${r.score}`);
      for (const [f, v] of Object.entries(r.explain.features))
        assert.ok(
          Math.abs((explained.weights[f] ?? Number.NaN) * v - (r.explain.parts[f] ?? 0)) < 1e-9,
          f,
        );
      assert.ok(r.explain.matched.length > 0);
    }

    const none = cli([
      'search',
      'photosynthesis chlorophyll xylophone rules',
      lib,
      '--index',
      indexFile,
      '--explain',
    ]);
    assert.match(none.stdout, /^terms: photosynthesi chlorophyl xylophon rule$/m);
    assert.match(
      none.stdout,
      /^gate: none — .* covers \d+% of the query, [\d.]+ rare words' weight \(ok from \d+% with [\d.]+, none under \d+%; looked at \d+ skills?\)$/m,
    );
    assert.match(none.stdout, /^coverage: none/m);
    assert.match(none.stdout, /closest skills, turned down by the gate/);
    // A misspelled word is matched, and --explain says to what.
    const typo = cli(['search', 'aproval process', lib, '--index', indexFile, '--explain']);
    assert.match(typo.stdout, /^typos: aprov → approv \(1 edit, ×0\.7\)$/m);
  });

  it('takes the coverage gate from the config file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-gate-'));
    const verdict = (search: Record<string, number>): string => {
      writeFileSync(path.join(dir, 'skillset.config.json'), JSON.stringify({ search }));
      return (
        JSON.parse(cli(['search', OK_QUERY, lib, '--index', indexFile, '--json'], dir).stdout) as {
          coverage: string;
        }
      ).coverage;
    };
    assert.equal(verdict({}), 'ok');
    assert.equal(verdict({ okEvidence: 50 }), 'weak');
    assert.equal(verdict({ okCoverage: 1, okEvidence: 0 }), 'weak');
    assert.equal(verdict({ okCoverage: 1, weakCoverage: 1 }), 'none');
    // The old name of okCoverage is still read.
    assert.equal(verdict({ minCoverage: 1, okEvidence: 0 }), 'weak');
    writeFileSync(
      path.join(dir, 'skillset.config.json'),
      JSON.stringify({ search: { okCoverage: 2 } }),
    );
    assert.equal(cli(['search', 'x', lib, '--index', indexFile], dir).status, 2);
    // A `none` threshold above the `ok` one would turn sure answers into none: one line, exit 2.
    writeFileSync(
      path.join(dir, 'skillset.config.json'),
      JSON.stringify({ search: { okCoverage: 0.3, weakCoverage: 0.5 } }),
    );
    const crossed = cli(['search', 'x', lib, '--index', indexFile], dir);
    assert.equal(crossed.status, 2);
    assert.match(crossed.stderr, /weakCoverage \(0\.5\) is above search\.okCoverage \(0\.3\)/);
  });

  it('says so when there is no skill to search, rather than a bare `none`', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'skillset-empty-'));
    const r = cli(['search', 'helm chart', empty, '--json']);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { coverage: 'none', results: [] });
    assert.match(r.stderr, /There are no skills to search\. No skills found: read /);
  });

  it('evaluates a label file, and compares runs only on the same labels', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-eval-'));
    const labels = path.join(dir, 'q.jsonl');
    writeFileSync(
      labels,
      '{"query": "configure a multi-step approval process for discount requests", "expected": ["approval-processes"], "domain": "admin"}\n{"query": "photosynthesis chlorophyll xylophone", "expected": []}\n',
    );
    // No plain BM25 beside it (the next test reads that): it costs a second index of the library.
    const eval_ = (...flags: string[]) =>
      cli(['eval', labels, lib, '--index', indexFile, '--no-baseline', ...flags]);
    const r = eval_('--json');
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    for (const k of [
      'n',
      'hit1',
      'hit3',
      'mrr',
      'falseNone',
      'correctNone',
      'p50Ms',
      'p95Ms',
      'labelsSha256',
      'perDomain',
    ])
      assert.ok(k in out, k);
    assert.equal(out.correctNone, 1);
    const prev = path.join(dir, 'prev.json');
    writeFileSync(prev, r.stdout);
    assert.equal(eval_('--compare', prev).status, 0);
    writeFileSync(labels, '{"query": "other", "expected": ["x"]}\n');
    const refused = eval_('--compare', prev);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /different labels/);
  });

  it('reports how each group was answered and plain BM25 beside search; compares with a report that has neither', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-eval-bm25-'));
    const wshobson = path.join(corporaDir, 'wshobson-agents');
    const labels = path.join(dir, 'q.jsonl');
    writeFileSync(
      labels,
      [
        '{"query": "make my bash script fail safely with set -euo pipefail", "expected": ["bash-defensive-patterns"]}',
        '{"query": "write property based tests for my python code", "expected": ["python-testing-patterns"]}',
        '{"query": "photosynthesis chlorophyll xylophone", "expected": []}',
      ].join('\n'),
    );
    const eval_ = (...flags: string[]) =>
      cli(['eval', labels, wshobson, '--index', path.join(dir, 'index.sqlite'), ...flags]);
    const r = eval_('--json');
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as {
      hit1: number;
      answered: { positive: Record<string, number>; negative: Record<string, number> };
      hit1Ok: number | null;
      baseline: Record<string, unknown>;
      queries: Array<{ coverage: string }>;
    };
    assert.deepEqual(Object.keys(out.answered.positive), ['ok', 'weak', 'none']);
    assert.equal(out.answered.negative.none, 1);
    assert.ok(out.hit1Ok === null || (out.hit1Ok >= 0 && out.hit1Ok <= 1));
    assert.deepEqual(Object.keys(out.baseline), [
      'method',
      'hit1',
      'hit3',
      'mrr',
      'falseNone',
      'p50Ms',
    ]);
    assert.equal(out.baseline.method, 'fts5-bm25');
    // Plain BM25 has the bash skill first (src/eval/baseline.test.ts); the other may come anywhere.
    assert.ok((out.baseline.hit1 as number) >= 0.5);
    assert.ok(out.queries.every((q) => ['ok', 'weak', 'none'].includes(q.coverage)));
    const text = eval_();
    assert.equal(text.status, 0, text.stderr);
    assert.match(
      text.stdout,
      /^positives answered ok [\d.]+%, weak [\d.]+%, none [\d.]+%; Hit@1 of those answered ok /m,
    );
    assert.match(text.stdout, /^negatives answered ok [\d.]+%, weak [\d.]+%, none 100\.0%/m);
    assert.match(
      text.stdout,
      /^plain BM25 {3}Hit@1 [\d.]+% {3}Hit@3 [\d.]+% {3}MRR [\d.]+ {3}\(SQLite FTS5/m,
    );
    const skipped = eval_('--json', '--no-baseline');
    assert.equal(skipped.status, 0, skipped.stderr);
    assert.ok(!('baseline' in (JSON.parse(skipped.stdout) as object)));
    assert.doesNotMatch(eval_('--no-baseline').stdout, /BM25/);
    // A report written before verdicts and the baseline were recorded still compares.
    const old = JSON.parse(r.stdout, (k, v) =>
      ['answered', 'hit1Ok', 'baseline', 'coverage'].includes(k) ? undefined : v,
    ) as Record<string, unknown>;
    const prev = path.join(dir, 'old.json');
    writeFileSync(prev, JSON.stringify(old));
    const compared = eval_('--compare', prev);
    assert.equal(compared.status, 0, compared.stderr);
    assert.match(compared.stdout, /against .*old\.json: 0 improved, 0 regressed$/m);
  });

  it('scores a manifest of query files, each against its own library, with a table and JSON', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-manifest-'));
    writeFileSync(
      path.join(dir, 'sf.jsonl'),
      '{"query": "configure a multi-step approval process for discount requests", "expected": ["approval-processes"]}\n{"query": "photosynthesis chlorophyll xylophone", "expected": []}\n',
    );
    writeFileSync(
      path.join(dir, 'ex.jsonl'),
      '{"query": "write a commit message", "expected": ["commit-message"]}\n',
    );
    const manifest = path.join(dir, 'sets.json');
    writeFileSync(
      manifest,
      JSON.stringify({
        sets: [
          { name: 'salesforce', queries: 'sf.jsonl', roots: [lib] },
          { name: 'examples', queries: 'ex.jsonl', roots: [path.relative(dir, examples)] },
        ],
      }),
    );
    const table = cli(['eval', '--manifest', manifest, '-q']);
    assert.equal(table.status, 0, table.stderr);
    assert.match(table.stdout, /^set +skills +pos +neg +Hit@1/);
    assert.match(table.stdout, new RegExp(`^salesforce +${skills} +1 +1 +100\\.0%`, 'm'));
    assert.match(table.stdout, /^examples +\d+ +1 +0 +100\.0%/m);
    // The second table: how each group was answered, Hit@1 of ok, and plain BM25.
    assert.match(table.stdout, /^set +ok +weak +none +of ok +ok +weak +none +Hit@1 +Hit@3 +MRR$/m);
    assert.match(table.stdout, /^salesforce( +[\d.]+%){9} +[\d.]+$/m);
    assert.match(
      table.stdout,
      /^examples( +[\d.]+%){3} +(?:[\d.]+%|—)( +—){3}( +[\d.]+%){2} +[\d.]+$/m,
    );
    const json = cli(['eval', '--manifest', manifest, '--json', '-q']);
    const out = JSON.parse(json.stdout) as {
      sets: Array<{
        name: string;
        skills: number;
        hit1: number;
        labelsSha256: string;
        baseline?: { method: string };
        answered: unknown;
      }>;
    };
    assert.deepEqual(
      out.sets.map((s) => s.name),
      ['salesforce', 'examples'],
    );
    assert.equal(out.sets[0]?.skills, skills);
    assert.deepEqual(
      out.sets.map((s) => [s.baseline?.method, typeof s.answered]),
      [
        ['fts5-bm25', 'object'],
        ['fts5-bm25', 'object'],
      ],
    );
    const bare = cli(['eval', '--manifest', manifest, '-q', '--no-baseline']);
    assert.equal(bare.status, 0, bare.stderr);
    assert.doesNotMatch(bare.stdout, /BM25/);
    const prev = path.join(dir, 'prev.json');
    writeFileSync(prev, json.stdout);
    const again = cli(['eval', '--manifest', manifest, '--compare', prev, '-q', '--no-baseline']);
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /against .*prev\.json: 0 improved, 0 regressed/);
    for (const bad of [
      '{',
      '{"sets": []}',
      '{"sets": [{"name": "a", "queries": "q", "roots": []}]}',
    ]) {
      writeFileSync(manifest, bad);
      const r = cli(['eval', '--manifest', manifest]);
      assert.equal(r.status, 2, bad);
      assert.equal(r.stderr.trim().split('\n').length, 2, r.stderr);
    }
    assert.equal(cli(['eval', '--manifest', manifest, 'x.jsonl']).status, 2);
    assert.equal(cli(['eval']).status, 2);
    const missing = cli(['eval', path.join(dir, 'sf.jsonl'), lib, '--compare', '/missing.json']);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /^skillset: Cannot read \/missing\.json: ENOENT\n$/);
  });

  /** What the CLI says, once, while another process holds the index. */
  const WAITING = /^skillset: another process is updating the index; waiting for it$/m;

  it('waits for another process that holds the index, and says in one line when the index is not an index', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-busy-'));
    const file = path.join(dir, 'index.sqlite');
    assert.equal(cli(['index', examples, '--index', file, '-q']).status, 0);
    // The holder takes the write lock, says so, and lets go when told on stdin.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const D = require(${JSON.stringify(path.join(repoRoot, 'node_modules', 'better-sqlite3'))});
         const db = new D(${JSON.stringify(file)});
         db.exec('BEGIN IMMEDIATE'); db.exec("UPDATE info SET value = value WHERE key = 'version'");
         console.log('locked');
         process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    try {
      await within(
        new Promise<void>((resolve) => holder.stdout?.once('data', () => resolve())),
        30_000,
        'the holder never took the lock',
      );
      // Another library into the same file: this update needs the lock the holder has. The holder
      // lets go only once the update has said that it waits.
      const waiter = spawn(process.execPath, [cliPath, 'index', lib, '--index', file, '--json'], {
        cwd: repoRoot,
        env: { ...process.env, SKILLSET_CACHE_DIR: cacheDir, HOME: home },
      });
      let stdout = '';
      let stderr = '';
      waiter.stdout.on('data', (d) => (stdout += d));
      waiter.stderr.on('data', (d) => {
        stderr += d;
        if (WAITING.test(stderr)) holder.stdin?.end('go\n');
      });
      const status = await within(
        new Promise<number | null>((resolve) => waiter.on('close', resolve)),
        60_000,
        'the update never ended',
      );
      assert.equal(status, 0, stderr);
      assert.equal(stderr.match(new RegExp(WAITING, 'gm'))?.length, 1, stderr);
      assert.equal((JSON.parse(stdout) as { added: number }).added, skills);
    } finally {
      holder.kill();
    }
    writeFileSync(path.join(dir, 'not.sqlite'), 'not a database at all, just text\n'.repeat(100));
    const bad = cli(['search', 'x', examples, '--index', path.join(dir, 'not.sqlite')]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /is not a readable skillset index/);
    assert.equal(bad.stderr.trim().split('\n').length, 2);
  });
});

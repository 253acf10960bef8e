// `skillset build` over the salesforce library as a user runs it: a router and a roster per domain
// folder and an entry router; --check in step after a build and not after one description is edited; --measure.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { countSkills, domainsOf } from '../src/test-support/corpus.js';
import { cliPath, corporaDir } from '../src/test-support/paths.js';

const salesforce = path.join(corporaDir, 'salesforce-skills', 'skills');
/** The library's domains: its top folders, each one router and one roster. */
const domains = domainsOf(salesforce);
const cli = (args: string[]) =>
  spawnSync(process.execPath, [cliPath, ...args, '--no-cache', '-q'], { encoding: 'utf8' });

describe('skillset build', () => {
  it('writes a router and a roster per domain and an entry router; --check sees an edited description', () => {
    const lib = path.join(mkdtempSync(path.join(os.tmpdir(), 'skillset-tier-lib-')), 'skills');
    cpSync(salesforce, lib, { recursive: true });
    const out = mkdtempSync(path.join(os.tmpdir(), 'skillset-tier-'));
    const built = cli(['build', lib, '--out', out, '--name', 'salesforce', '--json']);
    assert.equal(built.status, 0, built.stderr);
    const files = JSON.parse(built.stdout).files as string[];
    const routers = files.filter((f) => /^salesforce-[a-z]+\/SKILL\.md$/.test(f));
    const rosters = files.filter((f) => f.endsWith('/references/skill-index.md'));
    assert.deepEqual(
      routers.map((r) => r.split('/')[0]).sort(),
      domains.map((d) => `salesforce-${d}`),
    );
    assert.equal(rosters.length, domains.length);
    assert.ok(existsSync(path.join(out, 'salesforce', 'SKILL.md')));
    // Sibling skills, as agents load them: the entry router and the domain routers.
    const listed = cli(['list', out, '--json']);
    assert.deepEqual(
      (JSON.parse(listed.stdout) as Array<{ id: string }>).map((s) => s.id).sort(),
      ['salesforce', ...routers.map((r) => r.split('/')[0] as string)].sort(),
    );
    const rosterLines = rosters
      .map(
        (r) =>
          readFileSync(path.join(out, r), 'utf8')
            .split('\n')
            .filter((l) => l.startsWith('- ')).length,
      )
      .reduce((a, b) => a + b, 0);
    assert.equal(rosterLines, countSkills(lib));
    assert.equal(cli(['build', lib, '--out', out, '--name', 'salesforce', '--check']).status, 0);
    const again = cli(['build', lib, '--out', out, '--name', 'salesforce', '--json']);
    assert.deepEqual(JSON.parse(again.stdout).written, []);
    // One description edited: the tier is stale.
    const file = path.join(lib, 'apex', 'apex-aggregate-queries', 'SKILL.md');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        /^description: .*$/m,
        'description: "Aggregate queries, edited."',
      ),
    );
    const drift = cli(['build', lib, '--out', out, '--name', 'salesforce', '--check', '--json']);
    assert.equal(drift.status, 1, drift.stdout.slice(0, 500));
    assert.ok(JSON.parse(drift.stdout).drift.changed.length > 0);
  });

  it('measures the tier at session start against listing every description', () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'skillset-tier-m-')), 'salesforce');
    const r = cli(['build', salesforce, '--out', out, '--measure', '--json']);
    assert.equal(r.status, 0, r.stderr);
    const m = JSON.parse(r.stdout).measure;
    assert.ok(m, r.stdout.slice(0, 300));
    const text = cli(['build', salesforce, '--out', out, '--measure']).stdout;
    const all = countSkills(salesforce).toLocaleString('en-US');
    assert.match(text, new RegExp(`Listing every skill: [\\d,]+ tokens \\(${all} components\\)`));
    assert.match(text, /At session start: [\d,]+ tokens/);
  });
});

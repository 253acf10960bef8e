// `skillset build` over the salesforce library as a user runs it: a router and a roster per domain
// folder and an entry router; --check in step after a build and not after one description is edited; --measure.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { countSkills, domainsOf, skillFiles } from '../src/test-support/corpus.js';
import { cliPath, corporaDir } from '../src/test-support/paths.js';

const salesforce = path.join(corporaDir, 'salesforce-skills', 'skills');
/** The library's domains: its top folders, each one router and one roster. */
const domains = domainsOf(salesforce);
const cli = (args: string[]) =>
  spawnSync(process.execPath, [cliPath, ...args, '--no-cache', '-q'], { encoding: 'utf8' });

describe('skillset build', () => {
  it('writes a router and a roster per domain and an entry router; --check sees an edited description', () => {
    // The three smallest domains, copied: a library of several domains, each its router and roster,
    // at a seventh of the whole library's cost (the measure below builds the whole library).
    const lib = path.join(mkdtempSync(path.join(os.tmpdir(), 'skillset-tier-lib-')), 'skills');
    const some = [...domains]
      .sort((a, b) => countSkills(path.join(salesforce, a)) - countSkills(path.join(salesforce, b)))
      .slice(0, 3)
      .sort();
    for (const domain of some)
      cpSync(path.join(salesforce, domain), path.join(lib, domain), { recursive: true });
    const out = mkdtempSync(path.join(os.tmpdir(), 'skillset-tier-'));
    const built = cli(['build', lib, '--out', out, '--name', 'salesforce', '--json']);
    assert.equal(built.status, 0, built.stderr);
    const files = JSON.parse(built.stdout).files as string[];
    const routers = files.filter((f) => /^salesforce-[a-z]+\/SKILL\.md$/.test(f));
    const rosters = files.filter((f) => f.endsWith('/references/skill-index.md'));
    assert.deepEqual(
      routers.map((r) => r.split('/')[0]).sort(),
      some.map((d) => `salesforce-${d}`),
    );
    assert.equal(rosters.length, some.length);
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
    const file = skillFiles(lib)[0] as string;
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

describe('skillset build, where the model reads it and how it writes', () => {
  it('names paths that exist from the folder of the skill naming them, in every router and roster', () => {
    // A library outside the project, a tier built into the project's skills folder.
    const top = mkdtempSync(path.join(os.tmpdir(), 'skillset-tier-paths-'));
    const lib = path.join(top, 'library', 'skills');
    for (const domain of ['devops', 'omnistudio'])
      cpSync(path.join(salesforce, domain), path.join(lib, domain), { recursive: true });
    const out = path.join(top, 'project', '.claude', 'skills');
    const built = cli(['build', lib, '--out', out, '--name', 'salesforce', '--json']);
    assert.equal(built.status, 0, built.stderr);
    const files = JSON.parse(built.stdout).files as string[];
    let named = 0;
    for (const f of files) {
      // A roster is a file of its router skill: its paths, like the router's, are from the skill's folder.
      const skillDir = path.join(out, f.split('/')[0] as string);
      const text = readFileSync(path.join(out, f), 'utf8');
      for (const [, p] of text.matchAll(/`([^`\s<>]+\.md)`/g)) {
        named++;
        assert.ok(existsSync(path.resolve(skillDir, p as string)), `${f} names ${p}`);
      }
    }
    // Every skill of the library is named by a roster, plus the routers and their rosters.
    assert.ok(named > 2 * files.length, `${named} paths named`);
  });

  it("writes through export's manifest: stale domains removed, hand edits refused, older tiers adopted", () => {
    const top = mkdtempSync(path.join(os.tmpdir(), 'skillset-tier-sync-'));
    const lib = path.join(top, 'skills');
    for (const domain of ['devops', 'omnistudio'])
      cpSync(path.join(salesforce, domain), path.join(lib, domain), { recursive: true });
    const out = path.join(top, 'out');
    const build = (...more: string[]) =>
      cli(['build', lib, '--out', out, '--name', 'sf', '--json', ...more]);
    // A skill of the user's own beside the tier, named like one of its routers: never touched.
    mkdirSync(path.join(out, 'sf-notes'), { recursive: true });
    writeFileSync(path.join(out, 'sf-notes', 'SKILL.md'), '---\ndescription: Mine.\n---\n');
    const first = build();
    assert.equal(first.status, 0, first.stderr);
    const manifest = JSON.parse(readFileSync(path.join(out, '.skillset-export.json'), 'utf8'));
    assert.deepEqual(Object.keys(manifest.targets), ['tier:sf']);
    assert.deepEqual(Object.keys(manifest.targets['tier:sf']), JSON.parse(first.stdout).files);
    // A domain gone: --check calls its files extra, a build removes them.
    rmSync(path.join(lib, 'omnistudio'), { recursive: true });
    const stale = build('--check');
    assert.equal(stale.status, 1);
    assert.deepEqual(JSON.parse(stale.stdout).drift.extra, [
      'sf-omnistudio/SKILL.md',
      'sf-omnistudio/references/skill-index.md',
    ]);
    assert.equal(build().status, 0);
    assert.ok(!existsSync(path.join(out, 'sf-omnistudio')));
    assert.ok(existsSync(path.join(out, 'sf-notes', 'SKILL.md')));
    // A router edited by hand is refused (exit 1), and --force rewrites it.
    const router = path.join(out, 'sf-devops', 'SKILL.md');
    const built = readFileSync(router, 'utf8');
    writeFileSync(router, `${built}\nedited by hand\n`);
    const refused = build();
    assert.equal(refused.status, 1);
    assert.deepEqual(
      JSON.parse(refused.stdout).refused.map((r: { path: string }) => r.path),
      ['sf-devops/SKILL.md'],
    );
    assert.equal(build('--force').status, 0);
    assert.equal(readFileSync(router, 'utf8'), built);
    // A tier built before the manifest: its generated files are taken as skillset's.
    rmSync(path.join(out, '.skillset-export.json'));
    writeFileSync(router, built.replace('Router for the', 'Router, stale, for the'));
    const adopted = build();
    assert.equal(adopted.status, 0, adopted.stdout);
    assert.ok(JSON.parse(adopted.stdout).written.includes('sf-devops/SKILL.md'));
  });
});

// The audit against a hostile library built on disk (real files, a real link, real binaries): every
// case raises exactly its findings; and `skillset audit` reports them with lint's exit codes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { lintSkills } from '../src/lint/run.js';
import { cliPath } from '../src/test-support/paths.js';
import { tempFolders } from '../src/test-support/temp.js';
import { CASES, type Finding, skillMd, writeHostileLibrary } from './audit-hostile-cases.js';

const temp = tempFolders('skillset-audit-');

describe('the hostile library', () => {
  const lib = writeHostileLibrary(temp());
  const run = lintSkills({ roots: [lib], profile: 'security', cacheDir: false });

  it('has at least 20 cases, and one for every security rule', async () => {
    assert.ok(CASES.length >= 20);
    const { RULES } = await import('../src/lint/rules/index.js');
    const security = RULES.map((r) => r.code).filter((c) => c.startsWith('security/'));
    const covered = new Set(CASES.flatMap((c) => c.expect.map((f) => f.code)));
    assert.deepEqual(
      security.filter((c) => !covered.has(c)),
      [],
    );
  });

  for (const c of CASES) {
    it(`catches ${c.name}: ${c.expect.map((f) => `${f.code} ${f.file}:${f.line}`).join(', ')}`, async () => {
      const r = await run;
      const dir = path.join(lib, c.name) + path.sep;
      const got: Finding[] = r.diagnostics
        .filter((d) => d.file.startsWith(dir))
        .map((d) => ({
          code: d.code,
          file: path.relative(dir, d.file).split(path.sep).join('/'),
          line: d.start.line,
          severity: d.severity as Finding['severity'],
        }));
      assert.deepEqual(
        got,
        c.expect,
        JSON.stringify(r.diagnostics.filter((d) => d.file.startsWith(dir))),
      );
    });
  }

  it('is silent in the recommended profile, where the security rules are off', async () => {
    const r = await lintSkills({ roots: [lib], cacheDir: false });
    assert.deepEqual(
      r.diagnostics.filter((d) => d.code.startsWith('security/')),
      [],
    );
  });

  it('raises nothing outside the cases', async () => {
    const r = await run;
    const stray = r.diagnostics.filter(
      (d) => !CASES.some((c) => d.file.startsWith(path.join(lib, c.name) + path.sep)),
    );
    assert.deepEqual(stray, []);
  });

  it('exits 1 from `skillset audit` with the findings as lint JSON, and 0 on a clean skill', () => {
    const cli = (args: string[]) =>
      spawnSync(process.execPath, [cliPath, ...args], {
        encoding: 'utf8',
        env: { ...process.env, SKILLSET_CACHE_DIR: temp() },
      });
    const bad = cli(['audit', path.join(lib, 'curl-sh'), '--json']);
    assert.equal(bad.status, 1, bad.stderr);
    const report = JSON.parse(bad.stdout) as {
      summary: { errors: number };
      diagnostics: { code: string }[];
    };
    assert.equal(report.summary.errors, 1);
    assert.deepEqual(
      report.diagnostics.map((d) => d.code),
      ['security/pipe-to-shell'],
    );
    const clean = temp();
    mkdirSync(path.join(clean, 'ok'));
    writeFileSync(path.join(clean, 'ok', 'SKILL.md'), skillMd('ok', 'Use it.\n'));
    assert.equal(cli(['audit', clean]).status, 0);
    assert.equal(cli(['audit', clean, '--format', 'nope']).status, 2);
  });
});

// `skillset select` as a user runs it: real processes over the example library and real folders.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createService } from '../src/core/service.js';
import { runPipeline } from '../src/select/pipeline.js';
import { indexSource } from '../src/select/source.js';
import { cliPath, corporaDir, repoRoot } from '../src/test-support/paths.js';

const examples = path.join(repoRoot, 'examples', 'skills');
const home = mkdtempSync(path.join(os.tmpdir(), 'skillset-select-home-'));

// A dry run writes no selection state: dry runs share one cache, so a library's index is built once.
const dryRuns = mkdtempSync(path.join(os.tmpdir(), 'skillset-select-dry-'));

function run(
  args: string[],
  cacheDir = args.includes('--dry-run')
    ? dryRuns
    : mkdtempSync(path.join(os.tmpdir(), 'skillset-select-')),
) {
  const r = spawnSync(process.execPath, [cliPath, ...args], {
    encoding: 'utf8',
    cwd: repoRoot,
    env: { ...process.env, HOME: home, SKILLSET_CACHE_DIR: cacheDir },
    timeout: 120_000, // a hang guard, far above any run on a busy machine
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, cacheDir };
}

describe('skillset select', () => {
  it('--explain tells for every skill of the example library where it stopped and why', () => {
    const r = run([
      'select',
      examples,
      '--intent',
      'review this pull request',
      '--dry-run',
      '--explain',
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^would load 1:\n {2}review-pr /);
    const names = readdirSync(examples, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    const why = r.stdout.slice(r.stdout.indexOf('why:'));
    for (const n of names) assert.ok(why.includes(n), `--explain names ${n}`);
    assert.match(why, /review-pr \(additional\)\n {4}score: kept, score \d+/);
    assert.match(why, /budget: kept/);
  });

  it('names the TypeScript skill first for "fix the typescript build" (a multi-word intent) over wshobson-agents', () => {
    const r = run([
      'select',
      path.join(corporaDir, 'wshobson-agents'),
      '--intent',
      'fix the typescript build',
      '--dry-run',
      '--json',
    ]);
    const j = JSON.parse(r.stdout) as {
      coverage: string;
      loaded: Array<{ name: string }>;
      suggested: Array<{ name: string; description: string }>;
    };
    // The search is not sure of it (`weak`): nothing loads on the intent's words, the best candidates
    // are named, one line each, for the model to check.
    assert.equal(j.coverage, 'weak');
    assert.deepEqual(j.loaded, []);
    assert.equal(j.suggested[0]?.name, 'typescript-advanced-types', JSON.stringify(j.suggested));
    assert.ok(
      j.suggested.every((s) => s.description.length <= 100 && !s.description.includes('\n')),
      JSON.stringify(j.suggested),
    );
  });

  it("suggests what overflowed, then the search's other candidates, one line each, within the budget", () => {
    const salesforce = path.join(corporaDir, 'salesforce-skills', 'skills');
    const intent = 'configure a multi-step approval process for discount requests';
    const j = JSON.parse(
      run(['select', salesforce, '--intent', intent, '--dry-run', '--whole-only', '--json']).stdout,
    ) as {
      coverage: string;
      loaded: Array<{ name: string; chars: number; whole?: { chars: number } }>;
      overflow: Array<{ name: string }>;
      suggested: Array<{ name: string; description: string; chars: number }>;
      budget: { limit: number; used: number; suggested: number };
    };
    assert.equal(j.coverage, 'ok');
    assert.deepEqual(
      j.loaded.map((s) => s.name),
      ['approval-processes'],
    );
    assert.ok(j.overflow.length > 0);
    // Those that overflowed come first, in their order; nothing loaded is named again.
    assert.deepEqual(
      j.suggested.slice(0, j.overflow.length).map((s) => s.name),
      j.overflow.map((s) => s.name),
    );
    assert.ok(j.suggested.every((s) => s.name !== 'approval-processes'));
    assert.equal(j.suggested.length, 20);
    const lines = j.suggested.reduce((n, s) => n + s.chars, 0);
    assert.equal(j.budget.suggested, lines);
    assert.ok(j.budget.used <= j.budget.limit);
    for (const s of j.suggested)
      assert.equal(s.chars, Buffer.byteLength(`- ${s.name}: ${s.description}`));
    // By default what overflowed whole shares the room the suggestions leave, and loads in part.
    const parts = JSON.parse(
      run(['select', salesforce, '--intent', intent, '--dry-run', '--json']).stdout,
    ) as typeof j;
    assert.deepEqual(parts.loaded[0], j.loaded[0]);
    const cut = parts.loaded.slice(1);
    assert.ok(cut.length > 0);
    assert.deepEqual(
      cut.map((s) => s.name),
      j.overflow.slice(0, cut.length).map((s) => s.name),
    );
    for (const s of cut) assert.ok(s.chars >= 3000 && s.chars < (s.whole?.chars ?? 0));
    assert.equal(parts.suggested.length, 20);
    assert.ok(parts.budget.used <= parts.budget.limit);
    const text = run([
      'select',
      salesforce,
      '--intent',
      intent,
      '--dry-run',
      '--suggest',
      '2',
      '--whole-only',
    ]);
    assert.match(
      text.stdout,
      /^suggested 2 \(named, not loaded\):\n {2}quotes-and-quote-templates: /m,
    );
    assert.match(
      text.stdout,
      /^budget [\d,]+ of 15,500 characters used \([\d,]+ by suggestions\)$/m,
    );
    const none = JSON.parse(
      run(['select', salesforce, '--intent', intent, '--dry-run', '--suggest', '0', '--json'])
        .stdout,
    ) as typeof j;
    assert.deepEqual(none.suggested, []);
  });

  it('loads nothing for a question no skill answers', () => {
    const r = run([
      'select',
      path.join(corporaDir, 'salesforce-skills', 'skills'),
      '--intent',
      'what is the capital of france',
      '--dry-run',
      '--json',
    ]);
    assert.deepEqual((JSON.parse(r.stdout) as { loaded: unknown[] }).loaded, []);
  });

  it('--json keeps its contract', () => {
    const r = run([
      'select',
      examples,
      '--intent',
      'review this pull request',
      '--dry-run',
      '--json',
    ]);
    const j = JSON.parse(r.stdout) as Record<string, unknown>;
    assert.deepEqual(Object.keys(j), [
      'coverage',
      'loaded',
      'overflow',
      'suggested',
      'dropped',
      'unmatched',
      'budget',
      'violation',
    ]);
    assert.deepEqual(Object.keys(j.budget as object), ['limit', 'used', 'suggested', 'unit']);
    assert.deepEqual(Object.keys((j.loaded as object[])[0] ?? {}), [
      'name',
      'path',
      'scope',
      'tier',
      'score',
      'chars',
    ]);
    assert.deepEqual(Object.keys((j.dropped as object[])[0] ?? {}), [
      'name',
      'path',
      'scope',
      'stage',
      'reason',
    ]);
    assert.equal(j.violation, null);
  });

  it('exits 1 on a budget violation: critical skills that alone exceed the budget', () => {
    const lib = mkdtempSync(path.join(os.tmpdir(), 'skillset-select-lib-'));
    mkdirSync(path.join(lib, 'big'));
    writeFileSync(
      path.join(lib, 'big', 'SKILL.md'),
      `---\nname: big\ndescription: Use when deploying.\ntier: critical\ntriggers:\n  intents: [deploy]\n---\n${'x'.repeat(3000)}\n`,
    );
    const r = run(['select', lib, '--intent', 'deploy', '--budget', '1000', '--json']);
    assert.equal(r.status, 1, r.stderr);
    const j = JSON.parse(r.stdout) as { loaded: unknown[]; violation: { critical: string[] } };
    assert.deepEqual(j.loaded, []);
    assert.deepEqual(j.violation.critical, ['big']);
  });

  it("takes the config file's profiles and budget, and counts tokens when asked", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-select-config-'));
    const config = path.join(dir, 'skillset.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        select: {
          profiles: { 'release-manager': { critical: ['commit-message'], default: 'optional' } },
          budget: 5000,
        },
      }),
    );
    const args = [
      'select',
      examples,
      '--config',
      config,
      '--profile',
      'release-manager',
      '--intent',
      'write a conventional commit message for the staged changes',
      '--dry-run',
      '--json',
    ];
    const r = run(args);
    assert.equal(r.status, 0, r.stderr);
    const j = JSON.parse(r.stdout) as {
      loaded: Array<{ name: string; tier: string; chars: number }>;
      budget: { limit: number; used: number; suggested: number };
    };
    assert.deepEqual(
      j.loaded.map((s) => [s.name, s.tier]),
      [['commit-message', 'critical']],
    );
    assert.equal(j.budget.limit, 5000);
    const tokens = JSON.parse(run([...args, '--budget-unit', 'tokens']).stdout) as typeof j;
    assert.equal(
      tokens.budget.used - tokens.budget.suggested,
      Math.ceil((j.loaded[0]?.chars ?? 0) / 4),
    );
    const wrong = run([...args.slice(0, 5), 'release-manger', '--dry-run']);
    assert.match(wrong.stderr, /Did you mean `release-manager`\?/);
  });

  it('takes `parts: false` from the config file, as --whole-only', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-select-parts-'));
    const config = path.join(dir, 'skillset.config.json');
    writeFileSync(config, JSON.stringify({ select: { parts: false } }));
    const salesforce = path.join(corporaDir, 'salesforce-skills', 'skills');
    const intent = 'configure a multi-step approval process for discount requests';
    const args = ['select', salesforce, '--intent', intent];
    const json = (more: string[]) =>
      JSON.parse(run([...args, '--dry-run', '--json', ...more]).stdout) as {
        loaded: Array<{ name: string; whole?: unknown }>;
      };
    const configured = json(['--config', config]);
    assert.deepEqual(configured, json(['--whole-only']));
    assert.ok(configured.loaded.every((s) => s.whole === undefined));
    assert.ok(json([]).loaded.some((s) => s.whole !== undefined));
  });

  it("gives the loaded skills' text with --content: a part holds its share and says how to read the rest", () => {
    const salesforce = path.join(corporaDir, 'salesforce-skills', 'skills');
    const intent = 'configure a multi-step approval process for discount requests';
    const args = ['select', salesforce, '--intent', intent];
    const r = run([...args, '--content', '--json']);
    assert.equal(r.status, 0, r.stderr);
    const j = JSON.parse(r.stdout) as {
      loaded: Array<{ name: string; chars: number; whole?: { chars: number }; text?: string }>;
    };
    const parts = j.loaded.filter((s) => s.whole);
    assert.ok(parts.length > 0 && parts.length < j.loaded.length);
    for (const s of j.loaded) {
      const text = s.text ?? '';
      assert.match(text, new RegExp(`^<skill_content name="${s.name}">\\n`));
      // The body (between the opening tag and the note or the folder line) holds to its count.
      const body = text
        .slice(text.indexOf('\n') + 1)
        .split(/\n\n(?:<skill_load_limit>|Skill directory:)/)[0];
      assert.ok(
        Buffer.byteLength(body ?? '') <= s.chars,
        `${s.name}: ${Buffer.byteLength(body ?? '')} > ${s.chars}`,
      );
      if (s.whole) {
        assert.match(text, /This skill is loaded in part, to fit the selection's budget/);
        assert.match(text, new RegExp(`load_skill "${s.name}" gives it whole`));
        const note = text.slice(
          text.indexOf('<skill_load_limit>'),
          text.indexOf('</skill_load_limit>') + 19,
        );
        assert.ok(Buffer.byteLength(body ?? '') + Buffer.byteLength(note) <= s.chars);
      } else assert.doesNotMatch(text, /skill_load_limit/);
    }
    // The text form: the summary, then each text as it is, lines and all.
    const text = run([...args, '--content']).stdout;
    assert.match(text, /^loaded \d+:/m);
    assert.match(text, /\n<skill_content name="approval-processes">\n/);
    // A dry run loads nothing, so it has no content to give.
    const both = run([...args, '--content', '--dry-run']);
    assert.equal(both.status, 2);
    assert.match(both.stderr, /'--content' cannot be used with option '--dry-run'/);
  });

  it('opens no index without an intent: files alone score the skills', () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'skillset-select-noindex-'));
    const files = ['--file', 'src/app.test.tsx', '--dry-run', '--json'];
    const r = run(['select', examples, ...files], cacheDir);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(
      (JSON.parse(r.stdout) as { loaded: Array<{ name: string }> }).loaded.map((s) => s.name),
      ['react-component-tests'],
    );
    assert.deepEqual(
      readdirSync(cacheDir).filter((f) => f.includes('.sqlite')),
      [],
    );
    const withIntent = run(['select', examples, '--intent', 'write tests', '--dry-run'], cacheDir);
    assert.equal(withIntent.status, 0, withIntent.stderr);
    assert.ok(readdirSync(cacheDir).some((f) => f.endsWith('.sqlite')));
  });

  it('exits 2 on an unknown profile, with a did-you-mean', () => {
    const r = run(['select', examples, '--profile', 'planer']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /Unknown profile `planer`\n {2}Did you mean `planner`\?/);
  });

  it('remembers what it loaded: the next run finds those skills warm', () => {
    const first = run(['select', examples, '--intent', 'review this pull request']);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /^loaded 1:/);
    const again = run(
      ['select', examples, '--intent', 'review this pull request', '--dry-run', '--explain'],
      first.cacheDir,
    );
    assert.match(again.stdout, /cache-order: ordered, #1: standard, score \d+, warm/);
    const none = run([
      'select',
      examples,
      '--intent',
      'review this pull request',
      '--dry-run',
      '--explain',
    ]);
    assert.match(none.stdout, /cache-order: ordered, #1: standard, score \d+, cold/);
  });

  it('loads a skill that extends another as the composed skill, sized as the whole chain', async () => {
    const lib = mkdtempSync(path.join(os.tmpdir(), 'skillset-select-extends-'));
    const write = (name: string, text: string) => {
      mkdirSync(path.join(lib, name));
      writeFileSync(path.join(lib, name, 'SKILL.md'), text);
    };
    write(
      'base-review',
      '---\nname: base-review\ndescription: Use when reviewing a change.\n---\n# Review\n## Steps\nRead the diff.\n## Checks\nTests pass.\n',
    );
    write(
      'ts-review',
      '---\nname: ts-review\ndescription: Use when reviewing TypeScript.\nextends: base-review\ntriggers:\n  intents: [review typescript]\n---\n## Checks\nRun tsc.\n',
    );
    const s = await createService({ roots: [lib], cache: false, cwd: lib });
    try {
      const index = await s.openIndex();
      assert.ok(index.ok);
      const context = { intent: 'review typescript' };
      const catalog = await s.catalog();
      assert.ok(catalog.ok);
      const r = await runPipeline(indexSource(catalog.value, index.value), context, {
        projectRoot: lib,
      });
      const loaded = r.loaded.find((x) => x.id === 'ts-review');
      assert.equal(loaded?.body, '# Review\n## Steps\nRead the diff.\n## Checks\nRun tsc.\n');
      const v = await s.select(context, { profile: 'interactive', explain: true });
      assert.ok(v.ok);
      const json = v.value.loaded.find((x) => x.name === 'ts-review');
      assert.ok((json?.chars ?? 0) > 'Run tsc.'.length + 40, 'sized as the child and its parent');
      assert.match(
        v.value.decisions?.find((d) => d.stage === 'resolve' && d.name === 'ts-review')?.reason ??
          '',
        /composed with 1 parent/,
      );
    } finally {
      s.close();
    }
  });
});

describe('select and the service', () => {
  it('prints with --json exactly the value the service returns, --explain and all', async () => {
    const context = { intent: 'review this pull request', files: ['src/app.ts'] };
    const s = await createService({ roots: [examples], cache: false, cwd: repoRoot });
    try {
      for (const explain of [false, true]) {
        const v = await s.select(context, { dryRun: true, explain });
        assert.ok(v.ok);
        const r = run([
          'select',
          examples,
          '--intent',
          context.intent,
          '--file',
          'src/app.ts',
          '--dry-run',
          '--no-cache',
          '--json',
          ...(explain ? ['--explain'] : []),
        ]);
        assert.equal(r.status, 0, r.stderr);
        assert.deepEqual(JSON.parse(r.stdout), JSON.parse(JSON.stringify(v.value)));
        assert.equal(v.value.decisions !== undefined, explain);
      }
    } finally {
      s.close();
    }
  });
});

describe('select and two copies of one skill', () => {
  /** A project and a user HOME, each with its own `deploy-app`. */
  function copies() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-select-copies-'));
    const at = (root: string) =>
      path.join(dir, root, '.claude', 'skills', 'deploy-app', 'SKILL.md');
    for (const [root, says] of [
      ['project', 'the project steps'],
      ['home', 'the user way'],
    ] as const) {
      mkdirSync(path.dirname(at(root)), { recursive: true });
      writeFileSync(
        at(root),
        `---\nname: deploy-app\ndescription: Deploy the app to production, ${says}.\ntriggers:\n  intents: [deploy the app]\n---\nBody.\n`,
      );
    }
    return { dir, project: at('project'), user: at('home') };
  }
  const select = (c: ReturnType<typeof copies>, flags: string[]) =>
    spawnSync(process.execPath, [cliPath, 'select', '--intent', 'deploy the app', ...flags], {
      encoding: 'utf8',
      cwd: path.join(c.dir, 'project'),
      env: { ...process.env, HOME: path.join(c.dir, 'home'), SKILLSET_CACHE_DIR: c.dir },
    });

  it('names each decision with the copy it is about: path and scope, in --json', () => {
    const c = copies();
    const r = select(c, ['--dry-run', '--explain', '--json']);
    assert.equal(r.status, 0, r.stderr);
    const v = JSON.parse(r.stdout) as {
      loaded: Array<{ name: string; path: string; scope: string }>;
      dropped: Array<{ name: string; path: string; scope: string; stage: string }>;
      decisions: Array<{ name: string; path: string; scope: string; stage: string }>;
    };
    assert.deepEqual(
      v.loaded.map((s) => [s.name, s.path, s.scope]),
      [['deploy-app', c.project, 'project']],
    );
    assert.deepEqual(
      v.dropped.map((s) => [s.name, s.path, s.scope, s.stage]),
      [['deploy-app', c.user, 'user', 'resolve']],
    );
    const of = (p: string) => v.decisions.filter((d) => d.path === p).map((d) => d.stage);
    assert.deepEqual(of(c.project), ['score', 'resolve', 'model-filter', 'cache-order', 'budget']);
    assert.deepEqual(of(c.user), ['score', 'resolve']);
    assert.ok(v.decisions.every((d) => d.scope === (d.path === c.project ? 'project' : 'user')));
  });

  it('shows the scope beside each name in --explain, and the path when two share a name', () => {
    const c = copies();
    const r = select(c, ['--dry-run', '--explain']);
    assert.equal(r.status, 0, r.stderr);
    const why = r.stdout.slice(r.stdout.indexOf('why:'));
    assert.ok(why.includes(`  deploy-app (project)  ${c.project}\n    score: kept`), why);
    assert.ok(why.includes(`  deploy-app (user)  ${c.user}\n    score: kept`), why);
    assert.match(
      why,
      /deploy-app \(user\).*\n.*\n {4}resolve: dropped, Skill `deploy-app` is shadowed/,
    );
  });
});

describe('select and the search verdict', () => {
  /** A library in a temporary folder: name → front matter lines and body. */
  const library = (skills: Record<string, string>): string => {
    const lib = mkdtempSync(path.join(os.tmpdir(), 'skillset-select-verdict-'));
    for (const [name, text] of Object.entries(skills)) {
      mkdirSync(path.join(lib, name));
      writeFileSync(path.join(lib, name, 'SKILL.md'), `---\nname: ${name}\n${text}`);
    }
    return lib;
  };

  it('never suggests a skill the model may not load, nor one the profile turns away', async () => {
    const lib = library({
      'kafka-lag':
        'description: Fix kafka consumer lag in streaming jobs.\ndisable-model-invocation: true\n---\nBody.\n',
      'kafka-deny': 'description: Kafka streaming lag dashboards.\n---\nBody.\n',
      'kafka-topics':
        'description: Kafka streaming topics and lag alerts.\nprofiles: [planner]\n---\nBody.\n',
      'kafka-ok': 'description: Kafka streaming lag, measured and explained.\n---\nBody.\n',
    });
    writeFileSync(
      path.join(lib, 'skillset.config.json'),
      JSON.stringify({ permissions: { deny: ['Skill(kafka-deny)'] } }),
    );
    const s = await createService({ roots: [lib], cache: false, cwd: lib, trustProject: true });
    try {
      for (const [intent, dryRun] of [
        ['kafka streaming lag', true],
        ['kafka', true],
      ] as const) {
        const r = await s.select({ intent }, { dryRun, profile: 'executor' });
        assert.ok(r.ok);
        const named = [...r.value.loaded, ...r.value.suggested].map((x) => x.name);
        for (const hidden of ['kafka-lag', 'kafka-deny', 'kafka-topics'])
          assert.ok(!r.value.suggested.some((x) => x.name === hidden), `${intent}: ${hidden}`);
        assert.ok(named.includes('kafka-ok'), `${intent}: ${named.join(', ')}`);
      }
    } finally {
      s.close();
    }
  });

  it('loads nothing on an intent search is not sure of, not even through a trigger phrase', async () => {
    const lib = library({
      'flow-admin':
        'description: Build flows for admins.\ntriggers:\n  intents: [migrate to flow]\n---\nBody about flows.\n',
      'process-builder-to-flow-migration':
        'description: Move Process Builder processes to Flow, one by one.\n---\nBody about process builder.\n',
    });
    const s = await createService({ roots: [lib], cache: false, cwd: lib });
    try {
      const r = await s.select(
        { intent: 'migrate to flow before the deadline xyzzy plugh' },
        { dryRun: true },
      );
      assert.ok(r.ok);
      assert.notEqual(r.value.coverage, 'ok');
      assert.deepEqual(r.value.loaded, [], JSON.stringify(r.value));
      // Skills nothing in the context touched are counted, not listed one by one.
      assert.ok(r.value.dropped.every((d) => !/nothing matched/.test(d.reason)));
      assert.equal(typeof r.value.unmatched, 'number');
    } finally {
      s.close();
    }
  });

  it('says the budget in its unit, and "nothing" when nothing loads', () => {
    const r = run([
      'select',
      examples,
      '--intent',
      'photosynthesis chlorophyll xylophone',
      '--dry-run',
      '--budget',
      '1000',
      '--budget-unit',
      'tokens',
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^intent: no skill fits it \(coverage none\)\nwould load nothing\n/);
    assert.match(r.stdout, /^budget 0 of 1,000 tokens used$/m);
  });
});

// Imports that would escape the budget and the wire (issue #20, finding 8), generated at test time
// and driven through the built CLI and a real MCP client over stdio: a 900 KB import, an import tree
// of 11,110 files, imports through an `extends` parent, one file imported ten thousand times, many
// small imports, a multi-byte file cut at the limit, a prompt of a skill with a huge import, and the
// limit set in the config file.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createSkillSession, type Outcome } from '../src/index.js';
import { cliPath } from '../src/test-support/paths.js';

/** The value of an outcome the test expects to succeed. */
function ok<T>(o: Outcome<T>): T {
  assert.ok(o.ok, o.ok ? '' : `${o.problem.code}: ${o.problem.message}`);
  return o.value;
}

/** The default load limit: 100,000 bytes of body and imports (docs/composition.md). */
const LIMIT = 100_000;
/** What a load result may add around them: the wrapper, the folder line, the note, the file list. */
const WRAPPER = 20_000;
/** A hang guard, not a speed assertion. */
const GUARD = { timeout: 120_000 };

let tmp: string;
const cache = () => path.join(tmp, 'cache');

/** Write `rel` under `root`, making its folders. */
function write(root: string, rel: string, text: string | Buffer): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** A SKILL.md that the intent phrase `deploy <name>` selects. */
const skill = (name: string, body: string, extra = ''): string =>
  `---\nname: ${name}\ndescription: Use when deploying the ${name} service.\ntriggers:\n  intents: ["deploy ${name}"]\n${extra}---\n${body}`;

/** A library folder of its own under the temporary root. */
function library(name: string, files: Record<string, string | Buffer>): string {
  const root = path.join(tmp, name);
  for (const [rel, text] of Object.entries(files)) write(root, rel, text);
  return root;
}

function cli(args: string[], cwd = tmp) {
  const r = spawnSync(process.execPath, [cliPath, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, SKILLSET_CACHE_DIR: cache() },
    maxBuffer: 256 * 1024 * 1024,
    timeout: 100_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** `text` matches `re`; on failure the message shows its size and its end, not all of it. */
function has(text: string, re: RegExp): void {
  assert.ok(
    re.test(text),
    `${re} not found in ${bytes(text)} bytes ending ${JSON.stringify(text.slice(-600))}`,
  );
}

interface LoadJson {
  body: string;
  imports: Array<{ spec: string; text: string }>;
  text: string;
  cut?: { imports: Array<{ spec: string; reason: string; kept?: number }>; more: number };
}

/** `skillset load NAME --json` over `dir`: the view, and the bytes its body and imports hold. */
function loadJson(dir: string, name: string): { view: LoadJson; held: number; stderr: string } {
  const r = cli(['load', name, '--dir', dir, '--json']);
  assert.equal(r.code, 0, r.stderr);
  const view = JSON.parse(r.stdout) as LoadJson;
  const held = bytes(view.body) + view.imports.reduce((n, i) => n + bytes(i.text), 0);
  return { view, held, stderr: r.stderr };
}

interface SelectJson {
  loaded: Array<{ name: string; chars: number; whole?: { chars: number } }>;
  overflow: Array<{ name: string; chars: number }>;
  budget: { limit: number; used: number };
}

function select(dir: string, intent: string, budget: number, ...more: string[]): SelectJson {
  const r = cli([
    'select',
    '--dir',
    dir,
    '--intent',
    intent,
    '--budget',
    String(budget),
    '--json',
    ...more,
  ]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as SelectJson;
}

/** The 11,110-file tree: 10 imports per file, 4 levels (10 + 100 + 1,000 + 10,000), 2 KB each. */
function importTree(root: string): void {
  const dir = path.join(root, 'tree');
  write(
    root,
    'tree/SKILL.md',
    skill('tree', `${Array.from({ length: 10 }, (_, i) => `@import f${i}.md`).join('\n')}\n`),
  );
  const filler = `${'x'.repeat(2000)}\n`;
  const make = (name: string, level: number): void => {
    const kids =
      level < 4 ? Array.from({ length: 10 }, (_, i) => `@import ${name}${i}.md\n`).join('') : '';
    fs.writeFileSync(path.join(dir, `${name}.md`), `# ${name}\n${kids}${filler}`);
    if (level < 4) for (let i = 0; i < 10; i++) make(`${name}${i}`, level + 1);
  };
  for (let i = 0; i < 10; i++) make(`f${i}`, 1);
}

let big: string;
let tree: string;

before(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillset-hostile-imports-'));
  big = library('big', {
    'big/SKILL.md': skill('big', '@import big.md\nDeploy it.\n'),
    'big/big.md':
      `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n'.repeat(16_000)}`.slice(
        0,
        900_000,
      ),
    'small/SKILL.md': skill('small', 'Deploy the small one.\n'),
  });
  tree = library('tree', {});
  importTree(tree);
});

after(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('a 900 KB import', () => {
  it(
    'counts against the budget in `select`: never used over it, and overflows a budget of 1,000',
    GUARD,
    () => {
      const j = select(big, 'deploy big', 1000);
      assert.ok(j.budget.used <= 1000, `used ${j.budget.used} of 1000`);
      assert.deepEqual(
        j.loaded.map((s) => s.name),
        [],
      );
      assert.ok((j.overflow.find((s) => s.name === 'big')?.chars ?? 0) > 1000);
    },
  );

  it('loads within the limit under a large budget, counted as what loads', GUARD, () => {
    const j = select(big, 'deploy big', 1_000_000);
    const counted = j.loaded.find((s) => s.name === 'big')?.chars ?? 0;
    assert.ok(j.budget.used <= 1_000_000);
    const { held } = loadJson(big, 'big');
    assert.ok(held <= counted, `loads ${held}, counted ${counted}`);
    assert.ok(counted <= LIMIT, `counted ${counted}, over the load limit`);
  });

  it(
    'is cut in `skillset load`, with a note naming what was left out and a positioned diagnostic',
    GUARD,
    () => {
      const r = cli(['load', 'big', '--dir', big]);
      assert.equal(r.code, 0, r.stderr);
      assert.ok(bytes(r.stdout) <= LIMIT + WRAPPER, `printed ${bytes(r.stdout)} bytes`);
      has(r.stdout, /<skill_load_limit>/);
      has(
        r.stdout,
        /- big\.md \(@import in SKILL\.md, line 7\): cut after [\d,]+ of 900,000 bytes/,
      );
      has(r.stdout, /read_skill_file \(skill "big"/);
      const file = path.join(big, 'big', 'SKILL.md');
      assert.ok(
        r.stderr.includes(`${file}:7:9-7:15: warning \`@import big.md\` is cut after`),
        r.stderr,
      );
      has(r.stderr, /\[compose\/load-limit\]/);
    },
  );
});

describe('an import tree of 11,110 files', () => {
  it('loads bounded in `skillset load`, with a note of what was left out', GUARD, () => {
    const r = cli(['load', 'tree', '--dir', tree]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(bytes(r.stdout) <= LIMIT + WRAPPER, `printed ${bytes(r.stdout)} bytes`);
    has(r.stdout, /<skill_load_limit>/);
    has(r.stdout, /more @import lines, not followed/);
    assert.ok((r.stdout.match(/<skill_import /g) ?? []).length <= 100);
    has(r.stderr, /\[compose\/load-limit\]/);
  });

  it(
    'comes back bounded from MCP `load_skill` over stdio, and the connection survives',
    GUARD,
    async () => {
      const client = new Client({ name: 'hostile-imports', version: '1.0.0' });
      let closed = false;
      client.onclose = () => {
        closed = true;
      };
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [cliPath, 'serve', '--dir', tree],
          env: { ...process.env, SKILLSET_CACHE_DIR: cache() } as Record<string, string>,
          stderr: 'pipe',
        }),
      );
      try {
        const r = await client.callTool(
          { name: 'load_skill', arguments: { name: 'tree' } },
          undefined,
          {
            timeout: 60_000,
          },
        );
        const text = (r.content as Array<{ type: string; text: string }>)[0]?.text ?? '';
        assert.ok(bytes(text) <= LIMIT + WRAPPER, `sent ${bytes(text)} bytes`);
        has(text, /<skill_load_limit>/);
        has(text, /f0\d*\.md \(@import in f0\d*\.md, line \d+\)/);
        // The connection is still there: another request is answered.
        const { tools } = await client.listTools();
        assert.ok(tools.some((t) => t.name === 'load_skill'));
        assert.equal(closed, false);
      } finally {
        await client.close();
      }
    },
  );
});

describe('lint over the 11,110-file tree', () => {
  it('follows the imports only so far, and says where it stopped', GUARD, () => {
    const r = cli(['lint', path.join(tree, 'tree'), '--format', 'json']);
    const report = JSON.parse(r.stdout) as {
      diagnostics: Array<{ code: string; message: string; data?: { kind?: string } }>;
    };
    const stop = report.diagnostics.find((d) => /are not checked/.test(d.message));
    assert.ok(stop, r.stdout.slice(0, 2000));
    assert.match(stop.message, /pass 1,000 files or 10 MiB/);
  });
});

describe('variants', () => {
  it('bounds and counts imports that come through an `extends` parent', GUARD, () => {
    const dir = library('extends', {
      'base/SKILL.md': '---\nname: base\ndescription: A base.\n---\n@import huge.md\n# Base\n',
      'base/huge.md': 'y'.repeat(900_000),
      'child/SKILL.md': skill('child', '# Child\nDeploy it.\n', 'extends: base\n'),
    });
    const j = select(dir, 'deploy child', 1000);
    assert.ok(j.budget.used <= 1000);
    assert.ok((j.overflow.find((s) => s.name === 'child')?.chars ?? 0) > 1000);
    const { view, held } = loadJson(dir, 'child');
    assert.ok(held <= LIMIT, `loads ${held}`);
    assert.equal(view.cut?.imports[0]?.spec, 'huge.md');
    assert.ok(
      /- extends\/base\/huge\.md \(outside the skill folder\) \(@import in extends\/base\/SKILL\.md, line 5\): cut after/.test(
        view.text,
      ),
      view.text.slice(-1000),
    );
  });

  it('imports one file named ten thousand times once, uncut', GUARD, () => {
    const dir = library('same', {
      'same/SKILL.md': skill('same', `${'@import same.md\n'.repeat(10_000)}Deploy it.\n`),
      'same/same.md': '# Same\nOne block.\n',
    });
    const { view } = loadJson(dir, 'same');
    assert.deepEqual(
      view.imports.map((i) => i.text),
      ['# Same\nOne block.\n'],
    );
    assert.equal(view.cut, undefined);
    assert.doesNotMatch(view.text, /skill_load_limit/);
  });

  it(
    'cuts many small imports where they pass the limit together, and counts them in `select`',
    GUARD,
    () => {
      const files: Record<string, string> = {
        'many/SKILL.md': skill(
          'many',
          `${Array.from({ length: 300 }, (_, i) => `@import part-${i}.md`).join('\n')}\nDeploy it.\n`,
        ),
      };
      for (let i = 0; i < 300; i++) files[`many/part-${i}.md`] = `${'z'.repeat(999)}\n`;
      const dir = library('many', files);
      const { view, held } = loadJson(dir, 'many');
      assert.ok(held <= LIMIT, `loads ${held}`);
      assert.ok(view.imports.length <= 100);
      assert.ok((view.cut?.imports.length ?? 0) + (view.cut?.more ?? 0) >= 200);
      // Counted past the budget, it loads in part: its share of the budget, never more.
      const j = select(dir, 'deploy many', 50_000);
      assert.ok(j.budget.used <= 50_000);
      const part = j.loaded.find((s) => s.name === 'many');
      assert.ok((part?.whole?.chars ?? 0) > 50_000 && (part?.chars ?? Infinity) <= 50_000);
      const whole = select(dir, 'deploy many', 50_000, '--whole-only');
      assert.ok((whole.overflow.find((s) => s.name === 'many')?.chars ?? 0) > 50_000);
    },
  );

  it("bounds a session's load, its note in the skill's own block", GUARD, async () => {
    const s = await createSkillSession({ cwd: big, roots: [big], cacheDir: cache() });
    try {
      const r = ok(await s.load('big'));
      const all = r.blocks.map((b) => b.text).join('');
      assert.ok(bytes(all) <= LIMIT + WRAPPER, `gives ${bytes(all)} bytes`);
      has(r.blocks[0]?.text ?? '', /<skill_load_limit>\n[^<]*- big\.md [^\n]*cut after/);
      has(r.text, /<skill_load_limit>/);
    } finally {
      s.close();
    }
  });

  it('cuts a multi-byte file at the limit without splitting a character', GUARD, () => {
    const wide = 'é€😀 '.repeat(100_000); // 1,000,000 bytes: 2-, 3- and 4-byte characters
    const dir = library('wide', {
      'wide/SKILL.md': skill('wide', '@import wide.md\n'),
      'wide/wide.md': wide.slice(0, 90_000 * 5),
    });
    const { view, held } = loadJson(dir, 'wide');
    const text = view.imports[0]?.text ?? '';
    assert.ok(held <= LIMIT && held > LIMIT - 4, `loads ${held}`);
    assert.ok(!text.includes('\uFFFD'), 'no character split');
    assert.ok(wide.startsWith(text));
    assert.equal(view.cut?.imports[0]?.kept, bytes(text));
  });

  it(
    'bounds a prompt (MCP prompts/get) of a skill with a huge import, and says what was cut',
    GUARD,
    async () => {
      const client = new Client({ name: 'hostile-imports', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [cliPath, 'serve', '--dir', big],
          env: { ...process.env, SKILLSET_CACHE_DIR: cache() } as Record<string, string>,
          stderr: 'pipe',
        }),
      );
      try {
        const p = await client.getPrompt({ name: 'big', arguments: {} }, { timeout: 60_000 });
        const text = (p.messages[0]?.content as { text?: string } | undefined)?.text ?? '';
        assert.ok(bytes(text) <= LIMIT + WRAPPER, `sent ${bytes(text)} bytes`);
        has(text, /<skill_load_limit>/);
        has(text, /big\.md \(@import in SKILL\.md, line 7\): cut after/);
        // The import's text that fits comes with the prompt, in its own block.
        has(text, /<skill_import path="big\.md">\nLorem ipsum/);
        const { prompts } = await client.listPrompts();
        assert.ok(prompts.some((x) => x.name === 'big'));
      } finally {
        await client.close();
      }
    },
  );

  it('takes its limits from the config file (`load.maxBytes`, `load.maxImports`)', GUARD, () => {
    const dir = library('config', {
      'skills/big/SKILL.md': skill('big', '@import a.md\n@import b.md\n@import c.md\nDeploy it.\n'),
      'skills/big/a.md': 'a'.repeat(3000),
      'skills/big/b.md': 'b'.repeat(3000),
      'skills/big/c.md': 'c'.repeat(10),
      'skillset.config.json': JSON.stringify({ load: { maxBytes: 5000, maxImports: 2 } }),
    });
    const r = cli(['load', 'big', '--dir', path.join(dir, 'skills'), '--json'], dir);
    assert.equal(r.code, 0, r.stderr);
    const view = JSON.parse(r.stdout) as LoadJson;
    const held = bytes(view.body) + view.imports.reduce((n, i) => n + bytes(i.text), 0);
    assert.ok(held <= 5000, `loads ${held}`);
    assert.deepEqual(
      view.cut?.imports.map((i) => [i.spec, i.reason]),
      [
        ['b.md', 'bytes'],
        ['c.md', 'bytes'],
      ],
    );
  });
});

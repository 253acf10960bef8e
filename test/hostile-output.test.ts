// Terminal escapes in a hostile library, through the built CLI as a real process: a skill whose
// folder, name, description and body (and a library folder whose name) carry clear-screen,
// window-title and OSC-8 sequences, BEL, backspace, CR, C1 and a bidi override. Every text command
// prints them escaped (none raw on stdout or stderr); --json gives back the exact strings.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cliPath } from '../src/test-support/paths.js';
import { visibleLine } from '../src/text/visible.js';

const E = '\x1b';
/** Clear screen, a window title, an OSC-8 link, BEL, backspace, CR, C1 CSI and a right-to-left override. */
const EVIL = `${E}[2J${E}]0;pwned\x07${E}]8;;http://evil${E}\\link${E}]8;;${E}\\\x07\x08\r\x9b31m\u202e`;
const FOLDER = `evil${E}[2J\x07\x08\r\x9b\u202ename`;
const NAME = `evil${EVIL}`;
const DESCRIPTION = `Describes ${EVIL} things. Use when testing terminals.`;
const BODY = `# Body ${EVIL}\n\nLine two ${EVIL} bodyword\n`;
/** What no output may hold raw: C0 but newline and tab, DEL, C1, bidi embeddings, overrides, isolates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'skillset-hostile-output-'));
const lib = path.join(tmp, `lib${E}]0;title\x07`);
const env = { ...process.env, SKILLSET_CACHE_DIR: path.join(tmp, 'cache') };
mkdirSync(path.join(lib, FOLDER), { recursive: true });
// A JSON string is a YAML double-quoted scalar: the front matter holds the exact characters.
writeFileSync(
  path.join(lib, FOLDER, 'SKILL.md'),
  `---\nname: ${JSON.stringify(NAME)}\ndescription: ${JSON.stringify(DESCRIPTION)}\n---\n\n${BODY}`,
);
mkdirSync(path.join(lib, 'plain'));
writeFileSync(
  path.join(lib, 'plain', 'SKILL.md'),
  '---\nname: plain\ndescription: A plain skill about terminals. Use when testing.\n---\n\nPlain.\n',
);

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cliPath, ...args], {
    env,
    cwd: tmp,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** An argument as a test's name shows it. */
const shown = (a: string): string =>
  a === lib ? 'LIB' : a === FOLDER ? 'NAME' : a.startsWith(tmp) ? 'DIR' : visibleLine(a);

/** Where a hostile string shows, escaped: a window-title sequence or the clear screen. */
const ESCAPED = /\\x1b\]0;|\\x1b\[2J/;

describe('text output of a hostile library', () => {
  // [arguments, exit code, where the hostile text must show (escaped)]
  const out = (name: string) => path.join(tmp, `${name}${E}[2J`);
  const commands: Array<[string[], number, 'stdout' | 'stderr']> = [
    [['list', lib], 0, 'stdout'],
    [['show', FOLDER, lib, '--body'], 0, 'stdout'],
    [['show', `${FOLDER}x`, lib], 2, 'stderr'],
    [['lint', lib], 0, 'stdout'],
    [['lint', lib, '--format', 'github'], 0, 'stdout'],
    [['lint', lib, '--verbose'], 0, 'stdout'],
    [['search', 'testing terminals', lib], 0, 'stdout'],
    [['search', 'testing terminals', lib, '--explain'], 0, 'stdout'],
    [['listing', lib], 0, 'stdout'],
    [['listing', lib, '--format', 'markdown'], 0, 'stdout'],
    [['select', lib, '--intent', 'testing terminals', '--explain'], 0, 'stdout'],
    [['doctor', lib], 0, 'stdout'],
    [['load', FOLDER, lib], 0, 'stdout'],
    [['invoke', FOLDER, '--dir', lib], 0, 'stdout'],
    [['export', '--target', 'agents-md', '--out', out('agents'), lib], 0, 'stdout'],
    [['export', '--target', 'cursor', '--out', out('cursor'), lib], 0, 'stdout'],
    [['export', '--target', 'agents-dir', '--out', out('dir'), lib], 0, 'stdout'],
    [['build', lib, '--out', out('tier')], 0, 'stdout'],
    [['gloss-coverage', 'bodyword', lib], 0, 'stdout'],
    [['list', path.join(tmp, `missing${E}[2J`)], 2, 'stderr'],
  ];
  for (const [args, code, where] of commands)
    it(`${args.map(shown).join(' ')}: nothing raw, the hostile text escaped`, () => {
      const r = run(args);
      assert.equal(r.status, code, r.stderr);
      assert.doesNotMatch(r.stdout, RAW);
      assert.doesNotMatch(r.stderr, RAW);
      assert.match(r[where], ESCAPED, `${where}:\n${r[where]}`);
    });

  it('escapes a newline in a folder name in one-line fields', () => {
    const nl = path.join(tmp, 'newline');
    mkdirSync(path.join(nl, 'two\nlines'), { recursive: true });
    writeFileSync(
      path.join(nl, 'two\nlines', 'SKILL.md'),
      '---\ndescription: A folder with a newline.\n---\nBody.\n',
    );
    const r = run(['list', nl]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^two\\x0alines {2}/m);
    assert.equal(r.stdout.split('\n').length, 4, r.stdout);
  });
});

describe('--json output of a hostile library', () => {
  const json = (args: string[]): unknown => {
    const r = run([...args, ...(args[0] === 'lint' ? [] : ['--json'])]);
    assert.doesNotMatch(r.stdout, RAW, 'JSON escapes them too');
    return JSON.parse(r.stdout);
  };

  it('gives back the exact name, folder, description and body', () => {
    type Listed = { id: string; name: string; description: string; path: string };
    const list = json(['list', lib]) as Listed[];
    const evil = list.find((s) => s.id === FOLDER);
    assert.ok(evil, JSON.stringify(list));
    assert.equal(evil.description, DESCRIPTION);
    assert.equal(evil.path, path.join(lib, FOLDER, 'SKILL.md'));
    const shown = json(['show', FOLDER, lib, '--body']) as {
      frontmatter: { name: string };
      body: string;
    };
    assert.equal(shown.frontmatter.name, NAME);
    assert.equal(shown.body.trim(), BODY.trim());
    const search = json(['search', 'testing terminals', lib]) as { results: Listed[] };
    // The index keeps a description's words (a CR is a space there), and every escape as it is.
    const found = search.results.find((s) => s.id === FOLDER)?.description ?? '';
    assert.ok(found.includes(`${E}]0;pwned\x07${E}]8;;http://evil${E}\\`), found);
    const load = json(['load', FOLDER, lib]) as { text: string };
    assert.ok(load.text.includes(BODY.trim()), load.text);
    const invoke = json(['invoke', FOLDER, '--dir', lib]) as { text: string };
    assert.ok(invoke.text.includes(BODY.trim()), invoke.text);
    const listing = json(['listing', lib]) as { text: string };
    assert.ok(listing.text.includes('pwned'), listing.text);
  });

  it('keeps lint messages exact in --format json and sarif', () => {
    const report = json(['lint', lib, '--format', 'json']) as {
      diagnostics: Array<{ message: string; file: string }>;
    };
    assert.ok(report.diagnostics.some((d) => d.message.includes(NAME)));
    assert.ok(report.diagnostics.some((d) => d.file === path.join(lib, FOLDER, 'SKILL.md')));
    const sarif = json(['lint', lib, '--format', 'sarif']) as {
      runs: Array<{ results: Array<{ message: { text: string } }> }>;
    };
    assert.ok(sarif.runs[0]?.results.some((x) => x.message.text.includes(NAME)));
  });
});

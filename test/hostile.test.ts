// Hostile SKILL.md inputs, generated at test time: discovery survives each one, explains it with a positioned diagnostic, and runs nothing.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  type Diagnostic,
  type DiscoverResult,
  discoverSkills,
  parseSkillFile,
} from '../src/index.js';
import { cliPath as CLI } from '../src/test-support/paths.js';

const MiB = 1024 * 1024;
/** A hang guard, not a speed assertion: a hung discovery fails instead of blocking the suite. */
const HANG_GUARD = { timeout: 5 * 60_000 };

const GOOD = {
  'good-alpha': 'Summarise a log file into the ten most frequent error signatures.',
  'good-beta': 'Draft a migration plan when a service moves to a new database engine.',
  'good-gamma': 'Explain a failing CI job from its log and propose the smallest fix.',
};

let tmp: string;
let lib: string;
/** Files that exist only if something evaluated hostile content. */
let markers: string[];
let hasFifo = false;
let result: DiscoverResult;
let rssDelta = 0;
let discoverError: unknown;

const good = (description: string): string =>
  `---\ndescription: ${description}\n---\n\n# Steps\n\nDo the thing, then check it.\n`;

/** Write `total` bytes of Markdown after `head` without holding them in memory at once. */
function writeLarge(file: string, head: string, total: number, tail = ''): void {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, head);
    const line = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod.\n';
    const chunk = line.repeat(Math.floor(MiB / line.length));
    let written = Buffer.byteLength(head);
    while (written < total) {
      written += fs.writeSync(fd, chunk.slice(0, Math.min(chunk.length, total - written)));
    }
    fs.writeSync(fd, tail);
  } finally {
    fs.closeSync(fd);
  }
}

/** Stream `depth` nested block-mapping levels indented by `indent` spaces each. */
function writeDeepIndent(file: string, depth: number, indent: number): void {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, '---\ndescription: Deeply indented front matter\nnested:\n');
    let buf = '';
    for (let i = 1; i <= depth; i++) {
      buf += `${' '.repeat(i * indent)}a:\n`;
      if (buf.length > MiB) {
        fs.writeSync(fd, buf);
        buf = '';
      }
    }
    fs.writeSync(fd, `${buf}---\n\n# Deep\n\nBody.\n`);
  } finally {
    fs.closeSync(fd);
  }
}

function billionLaughs(): string {
  const lines = ['---', 'description: Alias bomb', 'lol0: &l0 "lol"'];
  for (let i = 1; i <= 9; i++) {
    lines.push(`lol${i}: &l${i} [${Array.from({ length: 9 }, () => `*l${i - 1}`).join(', ')}]`);
  }
  return `${lines.join('\n')}\n---\n\n# Laughs\n\nNothing to see here.\n`;
}

/** Each hostile case: the folder under the library, how to build it, and what discovery should say. */
interface HostileCase {
  folder: string;
  what: string;
  build: (dir: string) => void;
  /** Codes that must each appear on a diagnostic whose file is under the folder. */
  codes: string[];
  /** Exact position of the first code's diagnostic, where it is meaningful. */
  at?: { line: number; column: number };
  /** Files (relative to the folder) that must each carry the first code. */
  each?: string[];
  /** Whether the folder still yields a loaded skill. */
  loads: boolean;
  /** Only the line is pinned (the column depends on where the bound is met). */
  atLine?: number;
  todo?: string;
  needsFifo?: boolean;
}

const CASES: HostileCase[] = [
  {
    folder: 'binary',
    what: 'a binary SKILL.md (NUL bytes) is skipped',
    build: (dir) =>
      fs.writeFileSync(
        path.join(dir, 'SKILL.md'),
        Buffer.concat([
          Buffer.from('---\ndescription: Binary\n---\n# Title\n'),
          Buffer.from([0, 1, 2, 0, 0xff, 0xfe, 0]),
        ]),
      ),
    codes: ['parse/binary-file'],
    at: { line: 5, column: 1 },
    loads: false,
  },
  {
    folder: 'huge-file',
    what: 'a 50 MB SKILL.md is refused unread',
    build: (dir) =>
      writeLarge(path.join(dir, 'SKILL.md'), '---\ndescription: Huge\n---\n\n', 50 * MiB),
    codes: ['parse/file-too-large'],
    at: { line: 1, column: 1 },
    loads: false,
  },
  {
    folder: 'huge-description',
    what: 'a SKILL.md with a 10 MB one-line description is refused unread',
    build: (dir) =>
      fs.writeFileSync(
        path.join(dir, 'SKILL.md'),
        `---\ndescription: ${'x'.repeat(10 * MiB)}\n---\n\n# Body\n`,
      ),
    codes: ['parse/file-too-large'],
    loads: false,
  },
  {
    folder: 'alias-bomb',
    what: 'a YAML alias bomb (billion laughs) is refused',
    build: (dir) => fs.writeFileSync(path.join(dir, 'SKILL.md'), billionLaughs()),
    codes: ['parse/yaml-alias-bomb'],
    at: { line: 2, column: 1 },
    loads: true,
  },
  {
    folder: 'recursive-alias',
    what: 'an alias inside its own anchor (a value that contains itself) is refused',
    build: (dir) =>
      fs.writeFileSync(
        path.join(dir, 'SKILL.md'),
        '---\nname: recursive-alias\ndescription: ok. Use when x.\nmetadata: &b [*b]\nother: {self: &m {x: *m}}\n---\nbody\n',
      ),
    codes: ['parse/yaml-recursive-alias'],
    at: { line: 2, column: 1 },
    loads: true,
  },
  {
    folder: 'deep-indent',
    what: '10,000-deep indented YAML (~100 MB) is refused by the size cap',
    build: (dir) => writeDeepIndent(path.join(dir, 'SKILL.md'), 10_000, 2),
    codes: ['parse/file-too-large'],
    loads: false,
  },
  {
    folder: 'deep-indent-under-caps',
    what: '500-deep one-space-indented YAML under every size cap is refused as too deep',
    build: (dir) => writeDeepIndent(path.join(dir, 'SKILL.md'), 500, 1),
    codes: ['parse/yaml-too-deep'],
    loads: true,
  },
  {
    folder: 'deep-flow',
    what: '10,000-deep flow sequences `[[[…]]]` are refused as too deep',
    build: (dir) =>
      fs.writeFileSync(
        path.join(dir, 'SKILL.md'),
        `---\ndescription: Deep flow\nnested: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n---\n\n# Body\n`,
      ),
    codes: ['parse/yaml-too-deep'],
    atLine: 3, // the column is where the parser met the depth bound
    loads: true,
  },
  {
    folder: 'deep-dash',
    what: '10,000-deep compact sequences `- - - …` are refused as too deep',
    build: (dir) =>
      fs.writeFileSync(
        path.join(dir, 'SKILL.md'),
        `---\ndescription: Deep dashes\nnested:\n  ${'- '.repeat(10_000)}x\n---\n\n# Body\n`,
      ),
    codes: ['parse/yaml-too-deep'],
    atLine: 4, // the column is where the parser met the depth bound
    loads: true,
  },
  {
    folder: 'deep-flow-quoted',
    what: '5,000-deep flow sequences hiding `]` in quoted items are refused as too deep',
    build: (dir) =>
      fs.writeFileSync(
        path.join(dir, 'SKILL.md'),
        `---\ndescription: Deep flow, disguised\nnested: ${'["]", '.repeat(5_000)}x${']'.repeat(5_000)}\n---\n\n# Body\n`,
      ),
    codes: ['parse/yaml-too-deep'],
    atLine: 3, // the column is where the parser met the depth bound
    loads: true,
  },
  {
    folder: 'invalid-utf8',
    what: 'invalid UTF-8 is repaired with a warning at the bad byte',
    build: (dir) =>
      fs.writeFileSync(
        path.join(dir, 'SKILL.md'),
        Buffer.concat([
          Buffer.from('---\ndescription: caf'),
          Buffer.from([0xe9]),
          Buffer.from(' au lait\n---\n\n# Body\n'),
        ]),
      ),
    codes: ['parse/invalid-utf8'],
    at: { line: 2, column: 17 },
    loads: true,
  },
  {
    folder: 'js-fence',
    what: 'a `---js` front matter is never evaluated',
    build: (dir) =>
      fs.writeFileSync(
        path.join(dir, 'SKILL.md'),
        `---js\n{ description: (require('node:fs').writeFileSync(${JSON.stringify(markers[0])}, 'x'), 'pwned') }\n---\n\n# Body\n`,
      ),
    codes: ['parse/unsupported-frontmatter'],
    at: { line: 1, column: 1 },
    loads: true,
  },
  {
    folder: 'js-function-tag',
    what: 'a `!!js/function` tag is not resolved, only warned about',
    build: (dir) =>
      fs.writeFileSync(
        path.join(dir, 'SKILL.md'),
        `---\ndescription: !!js/function "function () { require('node:fs').writeFileSync(${JSON.stringify(markers[1]).replace(/"/g, "'")}, 'x'); return 'pwned'; }"\n---\n\n# Body\n`,
      ),
    codes: ['parse/yaml-warning'],
    at: { line: 2, column: 14 },
    loads: true,
  },
  {
    folder: 'unclosed',
    what: 'an unclosed front matter is read as body',
    build: (dir) =>
      fs.writeFileSync(
        path.join(dir, 'SKILL.md'),
        '---\ndescription: Never closed\n\n# Body\n\nText.\n',
      ),
    codes: ['parse/unclosed-frontmatter'],
    at: { line: 1, column: 1 },
    loads: true,
  },
  {
    folder: 'empty',
    what: 'an empty SKILL.md loads with warnings',
    build: (dir) => fs.writeFileSync(path.join(dir, 'SKILL.md'), ''),
    codes: ['parse/no-frontmatter', 'parse/missing-description'],
    at: { line: 1, column: 1 },
    loads: true,
  },
  {
    folder: 'folder-named-skill-md',
    what: 'a folder named SKILL.md is not a skill file',
    build: (dir) => {
      fs.mkdirSync(path.join(dir, 'SKILL.md'));
      fs.writeFileSync(path.join(dir, 'SKILL.md', 'notes.md'), good('Inside a folder'));
    },
    codes: ['discover/not-a-file'],
    at: { line: 1, column: 1 },
    loads: false,
  },
  {
    folder: 'fifo',
    what: 'a FIFO named SKILL.md is never opened',
    build: (dir) => {
      const r = spawnSync('mkfifo', [path.join(dir, 'SKILL.md')]);
      hasFifo = r.status === 0;
    },
    codes: ['discover/not-a-file'],
    at: { line: 1, column: 1 },
    loads: false,
    needsFifo: true,
  },
  {
    folder: 'symlink-loop',
    what: 'folder links that loop (to each other, to themselves, to an ancestor) are not followed',
    build: (dir) => {
      fs.writeFileSync(path.join(dir, 'SKILL.md'), good('A skill whose folder holds link loops'));
      fs.symlinkSync('b', path.join(dir, 'a'), 'dir');
      fs.symlinkSync('a', path.join(dir, 'b'), 'dir');
      fs.symlinkSync('.', path.join(dir, 'self'), 'dir');
      fs.symlinkSync('..', path.join(dir, 'up'), 'dir');
      fs.symlinkSync('../..', path.join(dir, 'upup'), 'dir');
    },
    codes: ['discover/symlink-loop'],
    each: ['a', 'b', 'self', 'up', 'upup'],
    loads: true,
  },
  {
    folder: 'self-link',
    what: 'a SKILL.md linking to itself is a loop',
    build: (dir) => fs.symlinkSync('SKILL.md', path.join(dir, 'SKILL.md')),
    codes: ['discover/symlink-loop'],
    at: { line: 1, column: 1 },
    loads: false,
  },
  {
    folder: 'dangling-link',
    what: 'a dangling SKILL.md link is reported',
    build: (dir) => fs.symlinkSync('nowhere/SKILL.md', path.join(dir, 'SKILL.md')),
    codes: ['discover/dangling-link'],
    at: { line: 1, column: 1 },
    loads: false,
  },
  {
    folder: 'outside-link',
    what: 'a SKILL.md linked to a file outside the library is refused: its bytes never reach a listing',
    build: (dir) => {
      const target = path.join(tmp, 'outside', 'target.md');
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, good('Lives outside the library'));
      fs.symlinkSync(target, path.join(dir, 'SKILL.md'));
    },
    codes: ['discover/link-outside-root'],
    at: { line: 1, column: 1 },
    loads: false,
  },
];

const under = (folder: string, d: Diagnostic): boolean =>
  d.file.startsWith(`${path.join(lib, folder)}${path.sep}`);

const isPosition = (p: { line: number; column: number } | undefined): boolean =>
  p !== undefined &&
  Number.isInteger(p.line) &&
  Number.isInteger(p.column) &&
  p.line >= 1 &&
  p.column >= 1;

before(async () => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skillset-hostile-')));
  lib = path.join(tmp, 'lib');
  markers = [path.join(tmp, 'evaluated-js-fence'), path.join(tmp, 'evaluated-js-function')];
  for (const [name, description] of Object.entries(GOOD)) {
    fs.mkdirSync(path.join(lib, name), { recursive: true });
    fs.writeFileSync(path.join(lib, name, 'SKILL.md'), good(description));
  }
  for (const c of CASES) {
    const dir = path.join(lib, c.folder);
    fs.mkdirSync(dir, { recursive: true });
    c.build(dir);
  }
  const rssBefore = process.memoryUsage().rss;
  try {
    result = await discoverSkills({ roots: [lib], cacheDir: false });
  } catch (e) {
    discoverError = e;
  }
  rssDelta = process.memoryUsage().rss - rssBefore;
});

after(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('hostile library', HANG_GUARD, () => {
  test('discovery resolves without throwing', () => {
    assert.equal(discoverError, undefined);
    assert.ok(result);
  });

  test('every good skill loads with its description', () => {
    for (const [name, description] of Object.entries(GOOD)) {
      const s = result.skills.find((k) => k.id === name);
      assert.ok(s, `${name} is loaded`);
      assert.equal(s.description, description);
      assert.deepEqual(s.diagnostics, [], name);
    }
  });

  test('memory stays bounded', () => {
    assert.ok(rssDelta < 400 * MiB, `rss grew by ${Math.round(rssDelta / MiB)} MiB`);
  });

  test('nothing in the library is executed', () => {
    for (const m of markers) assert.equal(fs.existsSync(m), false, `${m} was written`);
  });

  test('every diagnostic has a file and a 1-based position', () => {
    for (const d of result.diagnostics) {
      assert.ok(path.isAbsolute(d.file), d.file);
      assert.ok(isPosition(d.start), `${d.code} at ${JSON.stringify(d.start)}`);
    }
  });

  for (const c of CASES) {
    const options: { todo?: string; skip?: string } = {};
    if (c.todo) options.todo = c.todo;
    test(c.what, options, (t) => {
      if (c.needsFifo && !hasFifo) {
        t.skip('mkfifo is not available');
        return;
      }
      const mine = result.diagnostics.filter((d) => under(c.folder, d));
      const seen = mine.map((d) => `${d.code}@${d.start.line}:${d.start.column}`);
      for (const code of c.codes) {
        const d = mine.find((x) => x.code === code);
        assert.ok(d, `${code} under ${c.folder}/; saw ${seen.join(', ') || 'nothing'}`);
        assert.ok(isPosition(d.start));
      }
      for (const rel of c.each ?? []) {
        const file = path.join(lib, c.folder, rel);
        assert.ok(
          mine.some((d) => d.code === c.codes[0] && d.file === file),
          `${c.codes[0]} on ${c.folder}/${rel}`,
        );
      }
      if (c.atLine !== undefined) {
        assert.equal(
          mine.find((x) => x.code === c.codes[0])?.start.line,
          c.atLine,
          `line of ${c.codes[0]}`,
        );
      }
      if (c.at) {
        const first = mine.find((x) => x.code === c.codes[0]);
        assert.deepEqual(first?.start, c.at, `position of ${c.codes[0]}`);
      }
      const loaded = result.skills.some((s) => s.dir === path.join(lib, c.folder));
      assert.equal(loaded, c.loads, c.loads ? 'loads' : 'is not loaded');
    });
  }

  test('the front matter size bound holds when the file cap is lifted', () => {
    const bytes = Buffer.from(`---\ndescription: ${'x'.repeat(10 * MiB)}\n---\n\n# Body\n`);
    const parsed = parseSkillFile(bytes, path.join(lib, 'huge-description', 'SKILL.md'));
    assert.ok(parsed.diagnostics.some((d) => d.code === 'parse/frontmatter-too-large'));
    assert.equal(parsed.frontmatter.description, undefined);
  });

  test('the CLI lists the good skills as JSON', {
    skip: !fs.existsSync(CLI) && 'run `npm run build` first',
  }, () => {
    const r = spawnSync(process.execPath, [CLI, 'list', lib, '--json', '--no-cache'], {
      encoding: 'utf8',
      maxBuffer: 64 * MiB,
      timeout: HANG_GUARD.timeout,
    });
    assert.equal(r.error, undefined);
    assert.equal(r.status, 0, r.stderr);
    const rows = JSON.parse(r.stdout) as Array<{ id: string; description: string }>;
    assert.deepEqual(
      rows.map((row) => row.id),
      result.skills.map((s) => s.id),
    );
    for (const [name, description] of Object.entries(GOOD)) {
      assert.equal(rows.find((row) => row.id === name)?.description, description, name);
    }
    for (const m of markers) assert.equal(fs.existsSync(m), false, `${m} was written`);
  });
});

describe('the depth bound spares shallow front matter that merely looks deep', () => {
  const parse = (fm: string) =>
    parseSkillFile(Buffer.from(`---\n${fm}---\n\n# Body\n`), '/skills/x/SKILL.md');

  test('a literal block with a deeply indented line is not refused', {}, () => {
    const p = parse(
      `metadata: {owner: docs}\ndescription: |\n  Formats tables like:\n${' '.repeat(70)}| right-aligned |\n`,
    );
    assert.deepEqual(
      p.diagnostics.map((d) => d.code),
      [],
    );
    assert.match(p.description, /^Formats tables like:/);
  });

  test('brackets inside a quoted value are not refused', {}, () => {
    const p = parse(`description: "Link wiki pages: ${'[['.repeat(20)}"\nmetadata: {a: b}\n`);
    assert.deepEqual(
      p.diagnostics.map((d) => d.code),
      [],
    );
    assert.match(p.description, /^Link wiki pages/);
  });
});

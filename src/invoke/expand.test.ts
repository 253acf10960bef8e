// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${SKILL_DIR}` and friends are the input under test
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { lifeline } from '../test-support/lifeline.js';
import { within } from '../test-support/within.js';
import { type ExpandInput, type ExpandResult, expandSkill } from './expand.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'skillset-expand-'));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** A fresh project folder, a fake HOME holding a canary file, and a marker path nothing should create. */
function sandbox() {
  const dir = path.join(root, `case-${n++}`);
  const project = path.join(dir, 'project');
  const home = path.join(dir, 'home');
  mkdirSync(project, { recursive: true });
  mkdirSync(home);
  writeFileSync(path.join(home, 'canary'), 'still here');
  return { project, home, marker: path.join(dir, 'marker'), canary: path.join(home, 'canary') };
}

function input(box: ReturnType<typeof sandbox>, over: Partial<ExpandInput>): ExpandInput {
  return {
    body: '',
    skillDir: '/skills/demo',
    sessionId: 'sess-1',
    projectDir: box.project,
    trusted: true,
    // HOME points into the sandbox, so even a wrongly run `rm -rf ~` could only hit the sandbox.
    env: { PATH: process.env.PATH, HOME: box.home },
    ...over,
  };
}

function text(r: ExpandResult): string {
  assert.ok(r.ok, r.ok ? '' : r.problem.message);
  return r.text;
}

describe('expandSkill: text', () => {
  it('prefixes the base folder, then substitutes arguments and variables, deterministically', async () => {
    const box = sandbox();
    const body = [
      'Migrate $component ($0) from $ARGUMENTS[1] to $2; all: $ARGUMENTS; missing: $3.',
      'Literal: \\$ARGUMENTS \\$1 \\${SKILL_DIR}',
      '${SKILL_DIR} ${CLAUDE_SKILL_DIR} ${SESSION_ID} ${CLAUDE_SESSION_ID}',
      '${PROJECT_DIR} ${CLAUDE_PROJECT_DIR}',
    ].join('\n');
    const args = { body, args: '"Search Bar" React Vue', argumentNames: ['component'] };
    const first = await expandSkill(input(box, args));
    const p = box.project;
    assert.equal(
      text(first),
      [
        'Base directory for this skill: /skills/demo',
        '',
        'Migrate Search Bar (Search Bar) from React to Vue; all: "Search Bar" React Vue; missing: .',
        'Literal: $ARGUMENTS $1 ${SKILL_DIR}',
        '/skills/demo /skills/demo sess-1 sess-1',
        `${p} ${p}`,
      ].join('\n'),
    );
    assert.deepEqual(await expandSkill(input(box, args)), first);
  });

  it('appends ARGUMENTS: only when the body has no placeholder and arguments were given', async () => {
    const box = sandbox();
    assert.equal(
      text(await expandSkill(input(box, { body: 'Review it.\n', args: 'src/a.ts' }))),
      'Base directory for this skill: /skills/demo\n\nReview it.\n\nARGUMENTS: src/a.ts',
    );
    assert.equal(
      text(await expandSkill(input(box, { body: 'Review it.' }))),
      'Base directory for this skill: /skills/demo\n\nReview it.',
    );
    assert.equal(
      text(await expandSkill(input(box, { body: 'Review $0.', args: 'x' }))),
      'Base directory for this skill: /skills/demo\n\nReview x.',
    );
  });

  it('never expands variables or arguments inside argument text', async () => {
    const box = sandbox();
    const r = await expandSkill(input(box, { body: 'Go: $ARGUMENTS', args: '${SKILL_DIR} $1 b' }));
    assert.equal(text(r), 'Base directory for this skill: /skills/demo\n\nGo: ${SKILL_DIR} $1 b');
  });
});

describe('expandSkill: shell', () => {
  it('runs inline and ```! sites once, in the project folder, with the variables in env', async () => {
    const box = sandbox();
    const body = [
      'Where: !`pwd`',
      '```!',
      'echo "$SKILL_DIR|$CLAUDE_SKILL_DIR|$SESSION_ID|$CLAUDE_SESSION_ID"',
      'echo "${PROJECT_DIR}" = "${CLAUDE_PROJECT_DIR}"',
      '```',
      'Done.',
    ].join('\n');
    const r = await expandSkill(input(box, { body }));
    const p = box.project;
    assert.equal(
      text(r),
      `Base directory for this skill: /skills/demo\n\nWhere: ${realpathSync(p)}\n/skills/demo|/skills/demo|sess-1|sess-1\n${p} = ${p}\nDone.`,
    );
    assert.ok(r.ok);
    assert.deepEqual(
      r.commands.map((c) => [c.command.split('\n')[0], c.line, c.ran, c.exitCode]),
      [
        ['pwd', 1, true, 0],
        ['echo "$SKILL_DIR|$CLAUDE_SKILL_DIR|$SESSION_ID|$CLAUDE_SESSION_ID"', 2, true, 0],
      ],
    );
  });

  it('does not scan a command’s output again', async () => {
    const box = sandbox();
    // The second line prints `$ARGUMENTS ${SKILL_DIR} $0` without writing any placeholder.
    const body = `\`\`\`!\necho '!\`touch ${box.marker}\`'\nprintf '%sARGUMENTS %s{SKILL_DIR} %s0' '$' '$' '$'\n\`\`\``;
    const r = await expandSkill(input(box, { body, args: 'x' }));
    assert.equal(
      text(r),
      `Base directory for this skill: /skills/demo\n\n!\`touch ${box.marker}\`\n$ARGUMENTS \${SKILL_DIR} $0\n\nARGUMENTS: x`,
    );
    assert.equal(existsSync(box.marker), false);
  });

  it('never runs a site that came from argument text, even when trusted', async () => {
    const box = sandbox();
    const args = `!\`touch ${box.marker}\``;
    const r = await expandSkill(input(box, { body: 'Do $ARGUMENTS\n$0', args: `"${args}"` }));
    assert.equal(text(r), `Base directory for this skill: /skills/demo\n\nDo "${args}"\n${args}`);
    assert.ok(r.ok && r.commands.length === 0);
    assert.equal(existsSync(box.marker), false);
  });

  it('passes arguments into commands as data, whatever quotes surround them', async () => {
    const box = sandbox();
    const evil = `a b; touch ${box.marker}; $(touch ${box.marker}) \`touch ${box.marker}\` ' "`;
    const body = [
      '!`printf "%s|" $0`',
      '!`printf "%s|" "x $0 y"`',
      "!`printf '%s|' 'x $0 y'`",
      '!`printf "%s|" $ARGUMENTS`',
      "!`printf '%s|' '\\$0'`",
    ].join('\n');
    const r = await expandSkill(input(box, { body, args: JSON.stringify(evil) }));
    const all = JSON.stringify(evil);
    assert.equal(
      text(r),
      `Base directory for this skill: /skills/demo\n\n${evil}|\nx ${evil} y|\nx ${evil} y|\n${all}|\n$0|`,
    );
    assert.equal(existsSync(box.marker), false);
  });

  it('gives an argument not given as nothing, in text and in commands, whatever the host environment holds', async () => {
    const box = sandbox();
    const body = 'Review [$0] [$who]\n!`printf "%s|" "[$1]" [$ARGUMENTS]`';
    const env = { PATH: process.env.PATH, HOME: box.home, SKILLSET_ARG_1: 'leaked' };
    const r = await expandSkill(input(box, { body, args: '', argumentNames: ['who'], env }));
    assert.equal(text(r), 'Base directory for this skill: /skills/demo\n\nReview [] []\n[]|[]|');
  });

  it('aborts on a non-zero exit with the command, its code and the start of stderr', async () => {
    const box = sandbox();
    const body = `first\n!\`echo nope >&2; exit 3\`\n!\`touch ${box.marker}\``;
    const r = await expandSkill(input(box, { body }));
    assert.ok(!r.ok);
    assert.deepEqual(
      { ...r.problem, message: undefined },
      {
        code: 'invoke/shell-failed',
        message: undefined,
        command: 'echo nope >&2; exit 3',
        line: 2,
        exitCode: 3,
        stderr: 'nope',
      },
    );
    assert.match(r.problem.message, /`echo nope >&2; exit 3` \(line 2\) exited with code 3: nope/);
    assert.equal(existsSync(box.marker), false, 'later commands do not run');
  });

  it('aborts on a timeout and kills the process group', async () => {
    const box = sandbox();
    // The background job holds a lifeline open: its end of file is the job's end, long before 60 s.
    const job = lifeline(box.project);
    try {
      const body = `!\`sleep 60 3>${job.file} & wait\``;
      const r = await within(
        expandSkill(input(box, { body, timeoutMs: 200 })),
        20_000,
        'the expansion waited for the background job',
      );
      assert.ok(!r.ok);
      assert.equal(r.problem.code, 'invoke/shell-timeout');
      assert.equal(r.problem.signal, 'SIGKILL');
      assert.equal(r.problem.line, 1);
      assert.match(r.problem.message, /timed out after 200 ms/);
      await within(job.ended, 20_000, 'the background sleep was not killed');
    } finally {
      job.close();
    }
  });

  it('says so in the text when output is cut at the cap', async () => {
    const box = sandbox();
    const r = await expandSkill(input(box, { body: '!`yes`', maxOutputBytes: 8 }));
    assert.equal(
      text(r),
      'Base directory for this skill: /skills/demo\n\ny\ny\ny\ny\n[output truncated at 8 bytes]',
    );
    assert.ok(r.ok && r.commands[0]?.truncated === true);
  });

  it('uses bash when the front matter asks for it and it exists', async (t) => {
    if (!existsSync('/bin/bash') && !existsSync('/usr/bin/bash')) return t.skip('no bash here');
    const box = sandbox();
    const r = await expandSkill(
      input(box, { body: '!`echo ${BASH_VERSION:+bash}`', shellProgram: 'bash' }),
    );
    assert.equal(text(r), 'Base directory for this skill: /skills/demo\n\nbash');
  });
});

describe('expandSkill: shell that must not run', () => {
  const cases: Array<[string, Partial<ExpandInput>, string]> = [
    ['an untrusted source', { trusted: false }, 'untrusted source'],
    ['policy off', { shell: 'off' }, 'shell is off by policy'],
    ['policy off, untrusted', { shell: 'off', trusted: false }, 'shell is off by policy'],
    ['an unknown shell', { shellProgram: 'powershell' }, 'unsupported shell "powershell"'],
  ];
  for (const [what, over, reason] of cases)
    it(`shows a placeholder and runs nothing for ${what}`, async () => {
      const box = sandbox();
      const body = `Clean: !\`rm -rf ~\`\n!\`touch ${box.marker}\`\n\`\`\`!\ntouch ${box.marker}\n\`\`\``;
      const r = await expandSkill(input(box, { body, ...over }));
      const shown = (cmd: string) => `[shell command not run: ${reason}: ${cmd}]`;
      assert.equal(
        text(r),
        `Base directory for this skill: /skills/demo\n\nClean: ${shown('rm -rf ~')}\n${shown(`touch ${box.marker}`)}\n${shown(`touch ${box.marker}`)}`,
      );
      assert.ok(r.ok);
      assert.deepEqual(
        r.commands.map((c) => [c.line, c.ran, c.reason]),
        [
          [1, false, reason],
          [2, false, reason],
          [3, false, reason],
        ],
      );
      assert.equal(existsSync(box.marker), false);
      assert.equal(readFileSync(box.canary, 'utf8'), 'still here');
    });
});

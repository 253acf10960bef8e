// The `skillset` command: one command per operation of the table that has a CLI face (faces-*.ts
// give each its command line), run by run.ts; and `serve`, the MCP server. `main.ts` starts it
// (from the bundle when there is one).

import { Command, CommanderError } from 'commander';
import { problemOf } from '../core/outcome.js';
import { SkillsetError } from '../errors.js';
import { operationsOf } from '../ops/table.js';
import { VERSION } from '../version.js';
import type { CliFace } from './face.js';
import { INSTALL_FACES } from './faces-install.js';
import { LIBRARY_FACES } from './faces-library.js';
import { READ_FACES } from './faces-read.js';
import { SKILL_FACES } from './faces-skills.js';
import type { DefineCommand } from './flags.js';
import { reportProblem, stdoutStream, writeErr } from './options.js';
import { defineServe } from './serve-command.js';
import { defineUi } from './ui-command.js';

/** The CLI face of each operation that has one, by the operation's name. */
export const CLI_FACES: Readonly<Record<string, CliFace>> = {
  ...READ_FACES,
  ...SKILL_FACES,
  ...LIBRARY_FACES,
  ...INSTALL_FACES,
};

/** Every command, in the order the program's help lists them: the operations', then `serve`. */
const COMMANDS = new Map<string, DefineCommand>([
  ...operationsOf('cli').map((entry): [string, DefineCommand] => [
    entry.name,
    (p) => {
      const face = CLI_FACES[entry.name];
      if (!face) throw new Error(`The operation ${entry.name} has no CLI face`);
      face.define(p).action(async (...args: unknown[]) => {
        const { runOperation } = await import('./run.js');
        process.exitCode = await runOperation(entry, face, args);
      });
    },
  ]),
  ['serve', defineServe],
  ['ui', defineUi],
]);

/**
 * The program for `argv`. A command line that names a command (after the program's own `--debug`, if
 * any) gets that command alone: commander runs it, its help and its errors as it would with every
 * other command beside it, and a start does not pay for wiring the others. Anything else (no command,
 * `help`, `--help`, `--version`, an unknown command, which wants its did-you-mean) gets them all.
 */
function program(argv: readonly string[]): Command {
  const p = new Command('skillset')
    .description('Discover, parse and serve agent skills (folders with a SKILL.md).')
    .version(VERSION, '-v, --version')
    .option('--debug', 'print the stack trace of an internal error (a bug in skillset)')
    // Commander's own usage errors are reported as ours are (main, below), in one style.
    .configureOutput({ writeOut: (text) => stdoutStream().write(text), outputError: () => {} })
    .exitOverride();
  let at = 2;
  while (argv[at] === '--debug') at++;
  const named = COMMANDS.get(argv[at] ?? '');
  if (named) named(p);
  else for (const define of COMMANDS.values()) define(p);
  return p;
}

/** Run the command line `argv` (as `process.argv`); sets `process.exitCode`. */
export async function main(argv: string[]): Promise<void> {
  try {
    await program(argv).parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError && e.exitCode === 0) return;
    // Help asked for by mistake (no command) was printed on stderr: a usage error, nothing more to say.
    if (e instanceof CommanderError && e.code === 'commander.help') process.exitCode = 2;
    else if (e instanceof CommanderError)
      reportProblem(problemOf(usageError(e)), argv.includes('--json'));
    else if (e instanceof SkillsetError) reportProblem(problemOf(e), argv.includes('--json'));
    else reportBug(e, argv);
  }
}

/** Commander's usage error as ours: `error: unknown option '--limt'\n(Did you mean --limit?)`. */
function usageError(e: CommanderError): SkillsetError {
  const [first = '', ...rest] = e.message.split('\n');
  const hints = rest.map((l) => l.replace(/^\((.*)\)$/, '$1')).filter((l) => l !== '');
  const kind = e.code.replace(/^commander\./, '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return new SkillsetError(`usage/${kind}`, first.replace(/^error: /, ''), {
    hint: [...hints, 'Run with --help for usage.'].join(' '),
  });
}

/** Our own bug: one line, and the stack only when asked for; exit 2. */
function reportBug(e: unknown, argv: readonly string[]): void {
  const debug = argv.includes('--debug') || process.env.SKILLSET_DEBUG === '1';
  writeErr(
    debug
      ? `skillset: internal error: ${(e as Error)?.stack ?? String(e)}\n`
      : `skillset: internal error: ${(e as Error)?.message ?? String(e)}\n  This is a bug in skillset; run again with --debug for the stack trace, and report it.\n`,
  );
  process.exitCode = 2;
}

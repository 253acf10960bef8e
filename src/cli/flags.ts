// Flags every command that reads skills shares, and the parsers of numeric flags.

import { type Command, Option } from 'commander';
import { AGENTS } from '../agents/registry.js';
import { SkillsetError } from '../errors.js';

/** Options every command that reads skills accepts. */
export function withSkillOptions(cmd: Command): Command {
  return cmd
    .option(
      '--dir <path>',
      'a skills root to read (repeatable); searched recursively',
      (v: string, acc: string[]) => [...acc, v],
      [],
    )
    .option(
      '--add-dir <dir>',
      "add a folder to the standard scopes (repeatable): its .claude/skills (or the agent's folders), else the folder itself",
      (v: string, acc: string[]) => [...acc, v],
      [],
    )
    .addOption(
      new Option(
        '--agent <agent>',
        'read the folders this agent reads, with its clash order (docs/discovery.md)',
      ).choices([...AGENTS]),
    )
    .addOption(
      new Option(
        '--precedence <order>',
        "which scope wins a name clash (default: the agent's; project over user)",
      ).choices(['default', 'claude-code']),
    )
    .option(
      '--max-depth <n>',
      'deepest folder level searched in a root',
      (v) => parseCount(v, '--max-depth'),
      5,
    )
    .option(
      '--no-cache',
      'read and write no cache: no parse cache, index file, compiled code or selection state',
    )
    .option('--json', 'print JSON on stdout')
    .option('-q, --quiet', 'print no diagnostics on stderr')
    .option('--verbose', 'also print info diagnostics (shadowing, duplicates) on stderr');
}

/** Options of the commands that use the index too: the shared ones, the index file and the config. */
export function withIndexOptions(cmd: Command): Command {
  return withSkillOptions(cmd)
    .option('--index <file>', 'the index file (default: one per set of roots in the cache folder)')
    .option(
      '--semantic',
      'fuse word meaning learned from the library with the lexical ranking (default: search.semantic in the config, else off)',
    )
    .option('--no-semantic', 'lexical ranking only, whatever the config says')

    .option(
      '--config <file>',
      'the config file (default: skillset.config.json in the working folder or a parent; docs/config.md)',
    )
    .option(...HIDE_FAILURES);
}

/** `--hide-audit-failures`, for the commands that read the catalog. */
export const HIDE_FAILURES = [
  '--hide-audit-failures',
  'leave out the skills that fail `skillset audit` (an error finding): nothing lists, searches or loads them (default: audit.hide in the config)',
] as const;

/** Adds one command to the program. */
export type DefineCommand = (program: Command) => void;

/** A whole number from 0, or a usage error naming the flag. */
export function parseCount(value: string, flag: string): number {
  const n = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new SkillsetError(
      'usage/invalid-option',
      `${flag} takes a whole number, got \`${value}\``,
    );
  return n;
}

/**
 * A variadic's operands split at `--` in the command line: commander gives those after it to the
 * variadic too, last. `rest` is what followed `--` (none without one).
 */
export function splitAtDashes(
  operands: readonly string[],
  cmd: Command,
): { paths: string[]; rest: string[] } {
  // The program keeps the command line it parsed (untyped in commander's declarations).
  const rawArgs = (cmd.parent as { rawArgs?: string[] } | null)?.rawArgs ?? [];
  const at = rawArgs.indexOf('--');
  const n = at < 0 ? 0 : Math.min(rawArgs.length - at - 1, operands.length);
  return {
    paths: operands.slice(0, operands.length - n),
    rest: operands.slice(operands.length - n),
  };
}

// Flags of the skill commands: the listing's (listing, doctor) and the server's numeric ones.

import { type Command, Option } from 'commander';
import { SkillsetError } from '../errors.js';
import { parseCount } from './flags.js';

const many = (v: string, acc: string[]) => [...acc, v];

function parseFraction(v: string): number {
  const n = Number(v);
  if (!(n > 0 && n <= 1))
    throw new SkillsetError(
      'usage/invalid-option',
      `--fraction takes a number above 0 and at most 1, got \`${v}\``,
    );
  return n;
}

/** A port, 0 to 65535. */
export function parsePort(v: string): number {
  const n = parseCount(v, '--port');
  if (n > 65535)
    throw new SkillsetError('usage/invalid-option', `--port takes 0 to 65535, got \`${v}\``);
  return n;
}

/** A count of sessions, 1 or more. */
export function parseSessions(v: string): number {
  const n = parseCount(v, '--max-sessions');
  if (n < 1)
    throw new SkillsetError('usage/invalid-option', `--max-sessions takes 1 or more, got \`${v}\``);
  return n;
}

/** Options of the listing and doctor commands. */
export function withListingOptions(cmd: Command): Command {
  return cmd
    .option('--budget <n>', 'the listing budget in characters', (v) => parseCount(v, '--budget'))
    .option(
      '--context-tokens <n>',
      "the model's context window in tokens: the budget is n × 4 × fraction",
      (v) => parseCount(v, '--context-tokens'),
    )
    .option(
      '--fraction <f>',
      'the share of the context the listing may take (default 0.01; Codex uses 0.02)',
      parseFraction,
    )
    .addOption(
      new Option('--format <format>', "the listing form (default: the config's, else xml)").choices(
        ['markdown', 'xml', 'json'],
      ),
    )
    .option(
      '--intent <text>',
      'rank by relevance to what the user asked: its best skills keep their descriptions',
    )
    .option('--file <path>', 'an active file, for relevance (repeatable)', many, [])
    .option('--activate <name>', 'a conditional skill already activated (repeatable)', many, [])
    .option(
      '--search-tool <name>',
      'the tool your harness offers to find skills, named by the closing line (default search_skills)',
    )
    .addOption(
      new Option(
        '--domains-from <how>',
        'a skill’s domain, which the names kept are spread over when not all fit: its folder, or its front matter domain (default path)',
      ).choices(['path', 'field']),
    );
}

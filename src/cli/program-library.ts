// The commands that write the library out: export (another agent's conventions) and build (a tier),
// and gloss-coverage beside build (commander wiring only; each runs in commands/export.ts or tier.ts).

import { Option } from 'commander';
import { EXPORT_TARGETS } from '../agents/registry.js';
import { type DefineCommand, withIndexOptions as withIndex } from './flags.js';

/** export, build and gloss-coverage, in the order the program's help lists them. */
export const LIBRARY_COMMANDS: ReadonlyArray<readonly [string, DefineCommand]> = [
  [
    'export',
    (p) =>
      withIndex(
        p
          .command('export')
          .description(
            "Write the library out for another agent's conventions: AGENTS.md, Cursor rules, .agents/skills copies or Copilot instructions (docs/export.md).",
          )
          .argument('[path...]', 'skills roots (default: the standard scopes)'),
      )
        .addOption(
          new Option('--target <target>', 'what to write')
            .choices([...EXPORT_TARGETS])
            .makeOptionMandatory(),
        )
        .requiredOption('--out <dir>', 'the project folder to write into')
        .option('--check', 'write nothing; exit 1 when a run would change something')
        .option(
          '--force',
          'overwrite or remove files skillset did not write, or that were edited since',
        )
        .addOption(
          new Option('--point-to <where>', 'what entries point to (default source)').choices([
            'source',
            'agents-dir',
          ]),
        )
        .option('--always-apply', 'skills without paths always apply (Cursor, Copilot)')
        .addHelpText(
          'after',
          '\nIdempotent: a second run changes nothing. Files written are recorded in .skillset-export.json.\nExit codes: 0 exported or in sync, 1 drift (--check) or a file refused, 2 usage error.',
        )
        .action(async (paths: string[], opts) => {
          const { runExport } = await import('./commands/export.js');
          process.exitCode = await runExport(paths, opts);
        }),
  ],
  [
    'build',
    (p) =>
      withIndex(
        p
          .command('build')
          .description(
            'Build a tier for a big library: one router skill and one roster (a 220-character gloss a skill) per domain, and an entry router (docs/tiers.md).',
          )
          .argument('[path...]', 'skills roots (default: the standard scopes)'),
      )
        .requiredOption(
          '--out <dir>',
          'the skills folder the tier’s skills are written into (.claude/skills, say)',
        )
        .option(
          '--name <name>',
          'the tier’s name: its entry router, and the prefix of its domain routers (default: the library folder’s)',
        )
        .addOption(
          new Option(
            '--domains-from <how>',
            'a skill’s domain: its first folder, or its front matter domain',
          )
            .choices(['path', 'field'])
            .default('path'),
        )
        .option('--check', 'write nothing; exit 1 when the folder differs from a fresh build')
        .option(
          '--force',
          'overwrite or remove tier files skillset did not write, or that were edited since',
        )
        .option(
          '--measure',
          'print the tier’s token cost at session start against listing every description',
        )
        .addHelpText(
          'after',
          '\nFiles written are recorded in DIR/.skillset-export.json, as export records its own.\nExit codes: 0 built or in step, 1 drift (--check) or a file refused, 2 usage error.',
        )
        .action(async (paths: string[], opts) => {
          const { runBuild } = await import('./commands/tier.js');
          process.exitCode = await runBuild(paths, opts);
        }),
  ],
  [
    'gloss-coverage',
    (p) =>
      withIndex(
        p
          .command('gloss-coverage')
          .description(
            'Say which skills route on a term through their gloss, and which declare it but clip it (docs/tiers.md).',
          )
          .argument('<term>', 'a word or phrase')
          .argument('[path...]', 'skills roots (default: the standard scopes)'),
      )
        .option('--domain <domain>', 'only this domain')
        .addOption(
          new Option(
            '--domains-from <how>',
            'a skill’s domain: its first folder, or its front matter domain',
          )
            .choices(['path', 'field'])
            .default('path'),
        )
        .addHelpText(
          'after',
          '\nExit codes: 0 nothing clipped, 1 some skill clips the term, 2 usage error.',
        )
        .action(async (term: string, paths: string[], opts) => {
          const { runGlossCoverage } = await import('./commands/tier.js');
          process.exitCode = await runGlossCoverage(term, paths, opts);
        }),
  ],
];

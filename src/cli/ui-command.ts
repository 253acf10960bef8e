// `skillset ui`: the web page, a face of its own like `serve` (commander wiring; it runs in
// commands/ui.ts).

import type { Command } from 'commander';
import { withIndexOptions as withIndex } from './flags.js';
import { parsePort } from './flags-skills.js';

const many = (v: string, acc: string[]) => [...acc, v];

/** Add `ui` to the program. */
export function defineUi(p: Command): void {
  withIndex(
    p
      .command('ui')
      .description(
        'Serve the library as a local web page: skills by scope and domain, search with its verdict and score parts, each skill, the listing budget per agent, the tier and eval charts; live as files change (docs/ui.md).',
      )
      .argument('[path...]', 'skills roots (default: the standard scopes)'),
  )
    .option('--port <n>', 'the port on 127.0.0.1 (default 0: a free one)', parsePort)
    .option('--open', 'open the page in the default browser')
    .option(
      '--queries <file>',
      'a labelled query file (JSONL, as eval reads) for the Eval page (repeatable)',
      many,
      [],
    )
    .option('--no-watch', 'do not watch the roots for changes')
    .addHelpText(
      'after',
      '\nThe URL, with its one-time token, is printed on stderr (and as { "url" } on stdout with --json); nothing is served without the token. Stop with Ctrl-C.\nExit codes: 0 stopped, 2 usage error (a port in use).',
    )
    .action(async (paths: string[], opts) => {
      const { runUi } = await import('./commands/ui.js');
      process.exitCode = await runUi(paths, opts);
    });
}

// The commands for what the model sees and what a skill does when called: listing, load, invoke and
// doctor (commander wiring only; each runs in commands/skills.ts).

import { type Command, Option } from 'commander';
import {
  type DefineCommand,
  parseCount,
  splitAtDashes,
  withIndexOptions as withIndex,
} from './flags.js';
import { parsePort, parseSessions, withListingOptions } from './flags-skills.js';

const many = (v: string, acc: string[]) => [...acc, v];

/** listing, load, invoke, doctor and serve, in the order the program's help lists them. */
export const SKILL_COMMANDS: ReadonlyArray<readonly [string, DefineCommand]> = [
  [
    'listing',
    (p) =>
      withListingOptions(
        withIndex(
          p
            .command('listing')
            .description(
              'Print the skill listing for the system prompt, within its budget (default 8,000 characters; docs/listing.md).',
            )
            .argument('[path...]', 'skills roots (default: the standard scopes)'),
        ),
      )
        .addHelpText(
          'after',
          '\nPrints the listing text. JSON (--json, or --format json: one output, the JSON form unless --format names another): { "text", "chars", "budget", "budgetSource", "format", "level", "mode", "entries": [ { "name", "shown", "chars" } ], "hidden": [ { "name", "reason", "message" } ], "omitted", "closing", "paths", "choice", "domainsFrom", "tiers" }.\nExit codes: 0 listed, 2 usage error.',
        )
        .action(async (paths: string[], opts) => {
          const { runListing } = await import('./commands/skills.js');
          process.exitCode = await runListing(paths, opts);
        }),
  ],
  [
    'load',
    (p) =>
      withIndex(
        p
          .command('load')
          .description(
            'Print one skill as a load_skill call returns it: body, folder, bundled files (the user asking: any skill loads).',
          )
          .argument('<name>', 'the skill id or name')
          .argument('[path...]', 'skills roots (default: the standard scopes)'),
      )
        .addOption(
          new Option(
            '--form <form>',
            "how the body is wrapped (default skill_content, the client guide's)",
          ).choices(['skill_content', 'skill']),
        )
        .option(
          '--record',
          'count this load toward the usage-ranked listing (a harness does; a look does not)',
        )
        .addHelpText(
          'after',
          '\nJSON: { "id", "name", "path", "dir", "scope", "contentHash", "body", "imports", "cut"? (what the load limits left out), "resources", "moreResources", "chain", "changed", "text", "chars", "tokens" }.\nExit codes: 0 loaded, 2 usage error (an unknown skill).',
        )
        .action(async (name: string, paths: string[], opts) => {
          const { runLoad } = await import('./commands/skills.js');
          process.exitCode = await runLoad(name, paths, opts);
        }),
  ],
  [
    'invoke',
    (p) =>
      withIndex(
        p
          .command('invoke')
          .description(
            'Expand a skill as `/name ARGUMENTS` would: base folder, arguments, variables, then shell injection for trusted skills (docs/invocation.md).',
          )
          .argument('<name>', 'the skill id or name')
          .argument('[path...]', 'skills roots (default: the standard scopes)'),
      )
        .option('--no-shell', 'run no shell command; each shows as a placeholder')
        .option('--record', 'count this use toward the usage-ranked listing')
        .option(
          '--trust-project',
          'trust the project and the folders given (--dir, --add-dir): their skills may run shell',
        )
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder skills write, named as such
        .option('--session-id <id>', 'the ${SESSION_ID} to expand (default: a new one)')
        .addHelpText(
          'after',
          '\nThe arguments follow `--`, as typed after /name: `skillset invoke greet -- Ada \'"Grace Hopper"\'` (quoted to keep a group whole), or with roots `skillset invoke greet ./skills -- Ada`. Prints the expanded prompt.\nJSON: { "id", "name", "dir", "contentHash", "status", "permission", "trusted", "shell", "text", "imports", "commands" }.\nExit codes: 0 expanded, 2 usage error, a denied skill (invoke/denied) or a failed or timed-out shell command.',
        )
        .action(async (name: string, operands: string[], opts, cmd: Command) => {
          const { runInvoke } = await import('./commands/skills.js');
          const { paths, rest } = splitAtDashes(operands, cmd);
          process.exitCode = await runInvoke(name, paths, rest.join(' '), opts);
        }),
  ],
  [
    'doctor',
    (p) =>
      withListingOptions(
        withIndex(
          p
            .command('doctor')
            .description(
              'Explain the listing against its budget (the largest entries, what was hidden or cut and why) and the shell and permission posture.',
            )
            .argument('[path...]', 'skills roots (default: the standard scopes)'),
        ),
      )
        .option(
          '--trust-project',
          'trust the project and the folders given (--dir, --add-dir): their skills may run shell',
        )
        .addHelpText(
          'after',
          '\nJSON: { "listing": { … }, "shell": { … }, "permissions": { … }, "problems": [ … ] }.\nExit codes: 0 reported, 1 the settings have problems (an unreadable rule, an unknown override, a name of no skill), 2 usage error.',
        )
        .action(async (paths: string[], opts) => {
          const { runDoctor } = await import('./commands/skills.js');
          process.exitCode = await runDoctor(paths, opts);
        }),
  ],
  [
    'serve',
    (p) =>
      withIndex(
        p
          .command('serve')
          .description(
            'Serve the skills over MCP: tools, skill:// resources, prompts and the Skills extension (docs/mcp.md). stdio unless --http.',
          )
          .argument('[path...]', 'skills roots (default: the standard scopes)'),
      )
        .option('--http', 'serve Streamable HTTP at /mcp instead of stdio')
        .option(
          '--host <host>',
          'the address to listen on (default 127.0.0.1; any other needs --token)',
        )
        .option('--port <n>', 'the port (default 0: a free one, printed on stderr)', parsePort)
        .option(
          '--token <token>',
          'require `Authorization: Bearer <token>` (or set SKILLSET_SERVE_TOKEN, which ps does not show)',
        )
        .option(
          '--max-sessions <n>',
          'HTTP sessions open at once at most (default 100); past it the least recently used idle one is closed',
          parseSessions,
        )
        .option(
          '--session-timeout <seconds>',
          'close an HTTP session after this long without a request (default 1800; 0: never)',
          (v) => parseCount(v, '--session-timeout'),
        )
        .option(
          '--allow-origin <origin>',
          'also accept browser requests from this Origin (repeatable; e.g. a TLS proxy in front)',
          many,
          [],
        )
        .option(
          '--trust-shell',
          'let prompts run shell commands, for the skills the usual rules trust (user, managed, plugin; project and given folders with --trust-project or the user config)',
        )
        .option(
          '--trust-project',
          'trust the project and the folders given (--dir, --add-dir): their skills may run shell',
        )
        .option('--no-watch', 'do not watch the roots for changes')
        .option(
          '--watch-limit <n>',
          'paths watched at most (default 10,000); past it the roots are read again every 2 s or more',
          (v) => parseCount(v, '--watch-limit'),
        )
        .addHelpText(
          'after',
          '\nNothing but protocol goes to stdout; a line on stderr says where HTTP listens.\nExit codes: 0 closed (the client left, SIGINT or SIGTERM), 2 usage error (a non-loopback host without a token, a port in use).',
        )
        .action(async (paths: string[], opts) => {
          const { runServe } = await import('./commands/serve.js');
          process.exitCode = await runServe(paths, opts);
        }),
  ],
];

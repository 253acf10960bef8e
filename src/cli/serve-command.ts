// `skillset serve`: the one command that is not an operation but a face of its own, the MCP server
// (commander wiring; it runs in commands/serve.ts).

import type { Command } from 'commander';
import { parseCount, withIndexOptions as withIndex } from './flags.js';
import { parsePort, parseSessions } from './flags-skills.js';

const many = (v: string, acc: string[]) => [...acc, v];

/** Add `serve` to the program. */
export function defineServe(p: Command): void {
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
    .option(
      '--store <url>',
      'serve a registry on PostgreSQL (postgres://…, with --http): each bearer token stands for a team, which sees its granted namespaces (docs/registry.md)',
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
    });
}

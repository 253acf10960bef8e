// The commands that read, check and search the library: list, show, lint, index, search, select and
// eval (commander wiring only; each runs in commands/<name>.ts).

import { type Command, Option } from 'commander';
import { type DefineCommand, parseCount, withIndexOptions, withSkillOptions } from './flags.js';

const many = (v: string, acc: string[]) => [...acc, v];

/** list, show, lint, index, search, select and eval, in the order the program's help lists them. */
export const READ_COMMANDS: ReadonlyArray<readonly [string, DefineCommand]> = [
  [
    'list',
    (p: Command) =>
      withSkillOptions(
        p
          .command('list')
          .description(
            'List skills. With PATHs, each is a skills root searched recursively; without, the standard scopes from the working folder.',
          )
          .argument('[path...]', 'skills roots'),
      )
        .addHelpText(
          'after',
          '\nJSON: an array of { "id", "name", "path", "scope", "description" } (path: the SKILL.md, absolute).\nExit codes: 0 listed (even with diagnostics), 2 usage error.',
        )
        .action(async (paths: string[], opts) => {
          const { runList } = await import('./commands/list.js');
          process.exitCode = await runList(paths, opts);
        }),
  ],
  [
    'show',
    (p) =>
      withSkillOptions(
        p
          .command('show')
          .description('Show one skill: where it is, its front matter, and its diagnostics.')
          .argument('<name>', 'the skill id or name')
          .argument('[path...]', 'skills roots (default: the standard scopes)'),
      )
        .option('--body', 'include the Markdown body')
        .addHelpText('after', '\nExit codes: 0 shown, 2 unknown skill or usage error.')
        .action(async (name: string, paths: string[], opts) => {
          const { runShow } = await import('./commands/show.js');
          process.exitCode = await runShow(name, paths, opts);
        }),
  ],
  [
    'lint',
    (p) =>
      withSkillOptions(
        p
          .command('lint')
          .description('Lint skills: parse and discovery problems plus the rules of a profile.')
          .argument('[path...]', 'skills roots (default: the standard scopes)'),
      )
        .addOption(
          new Option(
            '--profile <profile>',
            'rule set: the open spec exactly, or the recommended rules (default: config, else recommended)',
          ).choices(['spec', 'recommended']),
        )
        .addOption(
          new Option('--format <format>', 'output format')
            .choices(['stylish', 'json', 'github', 'sarif'])
            .default('stylish'),
        )
        .option(
          '--config <file>',
          `config file (default: ${'skillset.config.json'} in the working folder or a parent, up to the repository root)`,
        )
        .option('--max-warnings <n>', 'exit 1 when there are more warnings than this', (v) =>
          parseCount(v, '--max-warnings'),
        )
        .option('--list-rules', 'list the rules with their severity in each profile, and exit')
        .addHelpText(
          'after',
          '\nJSON (--format json): { "summary": { "skills", "errors", "warnings" }, "diagnostics": [ { "code", "severity", "message", "file", "start": { "line", "column" }, "end"?, "data"?, "related"? } ] }.\nlint FILE… lints the skills holding those files.\nExit codes: 0 no errors, 1 errors found (or more warnings than --max-warnings), 2 usage or config error.\nRules and config: docs/lint.md.',
        )
        .action(async (paths: string[], opts) => {
          const { runLint } = await import('./commands/lint.js');
          process.exitCode = await runLint(paths, opts);
        }),
  ],
  [
    'index',
    (p) =>
      withIndexOptions(
        p
          .command('index')
          .description('Build or update the search index (only changed skills are re-indexed).')
          .argument('[path...]', 'skills roots'),
      )
        .addHelpText(
          'after',
          '\nJSON: { "file", "skills", "added", "changed", "removed", "unchanged", "ms" } ("file" is ":memory:" when nothing was saved).\nExit codes: 0 indexed, 2 usage error or an index that cannot be used.',
        )
        .action(async (paths: string[], opts) => {
          const { runIndex } = await import('./commands/search.js');
          process.exitCode = await runIndex(paths, opts);
        }),
  ],
  [
    'search',
    (p) =>
      withIndexOptions(
        p
          .command('search')
          .description(
            'Search skills: `coverage: ok` (a skill fits), `weak` (candidates, flagged: check their descriptions) or `none` (the query shares almost nothing with the library).',
          )
          .argument('<query>', 'any text; no syntax to get wrong')
          .argument('[path...]', 'skills roots (default: the standard scopes)'),
      )
        .option('--limit <n>', 'results at most', (v) => parseCount(v, '--limit'), 10)
        .option('--explain', 'show the parts of each score')
        .addHelpText(
          'after',
          '\nJSON: { "coverage": "ok" | "weak" | "none", "results": [ { "name", "id", "score", "path", "description", "copies": [ { "id", "path" } ] } ] } (no results with "none");\nwith --explain also "explain" per result, and "terms", "corrections", "gate", "rejected", "weights".\nExit codes: 0 answered (also "weak" and "none"), 2 usage error or an index that cannot be used.',
        )
        .action(async (query: string, paths: string[], opts) => {
          const { runSearch } = await import('./commands/search.js');
          process.exitCode = await runSearch(query, paths, opts);
        }),
  ],
  [
    'select',
    (p) =>
      withIndexOptions(
        p
          .command('select')
          .description(
            'Choose the skills to load for a context: score, resolve, profile, cache order, budget, load (docs/selection.md).',
          )
          .argument('[path...]', 'skills roots (default: the standard scopes)'),
      )
        .option('--intent <text>', 'what the user asked for')
        .option('--file <path>', 'an active file, relative to the project (repeatable)', many, [])
        .option('--command <text>', 'a recent command (repeatable)', many, [])
        .option('--keyword <word>', 'a context keyword (repeatable)', many, [])
        .option(
          '--profile <name>',
          'the agent profile: executor, planner, researcher, verifier, interactive',
          'interactive',
        )
        .option('--budget <n>', "the budget (default: the config's, else 15,500 characters)", (v) =>
          parseCount(v, '--budget'),
        )
        .addOption(
          new Option('--budget-unit <unit>', 'what the budget counts (default characters)').choices(
            ['chars', 'tokens'],
          ),
        )
        .option(
          '--suggest <n>',
          'skills to name, not load, after the loads (default 20; 0 for none)',
          (v) => parseCount(v, '--suggest'),
        )
        .option('--dry-run', 'stop before loading: nothing is read or recorded')
        .option(
          '--explain',
          'say for every skill (each copy: its scope, and its path when two share a name) where it stopped and why',
        )
        .addHelpText(
          'after',
          '\nJSON: { "coverage": "ok" | "weak" | "none" | null, "loaded": [ { "name", "path", "scope", "tier", "score", "chars" } ], "overflow": [ … ], "suggested": [ { "name", "path", "scope", "description", "chars" } ], "dropped": [ { "name", "path", "scope", "stage", "reason" } ], "unmatched", "budget": { "limit", "used", "suggested", "unit" }, "violation": null | { "limit", "required", "unit", "critical" } }; with --explain also "decisions": [ { "name", "path", "scope", "stage", "outcome", "reason" } ] and "unmatchedSkills".\nOnly an intent the search answers `ok` loads skills on its text; a `weak` one\'s candidates are suggested.\nExit codes: 0 selected, 1 a budget violation (the critical skills alone exceed the budget), 2 usage error.',
        )
        .action(async (paths: string[], opts) => {
          const { runSelect } = await import('./commands/select.js');
          process.exitCode = await runSelect(paths, opts);
        }),
  ],
  [
    'eval',
    (p) =>
      withIndexOptions(
        p
          .command('eval')
          .description(
            'Score search on labelled queries: Hit@1, Hit@3, MRR, none rates, per domain, latency.',
          )
          .argument(
            '[queries]',
            'JSONL: { "query", "expected": [names], "acceptable"?: [names], "domain"? } per line',
          )
          .argument('[path...]', 'skills roots'),
      )
        .option(
          '--manifest <file>',
          'score several query files, each against its own library: { "sets": [ { "name", "queries", "roots" } ] }',
        )
        .option(
          '--compare <previous>',
          'a previous `eval --json` output: list regressions and improvements',
        )
        .option(
          '--no-baseline',
          'skip plain BM25 (SQLite FTS5 over name, description and body, no gate), measured beside search by default',
        )
        .addHelpText(
          'after',
          '\nJSON: { "n", "hit1", "hit3", "mrr", "falseNone", "correctNone", "answered": { "positive", "negative": { "ok", "weak", "none" } }, "hit1Ok", "p50Ms", "p95Ms", "labelsSha256", "perDomain", "queries", "baseline": { "method", "hit1", "hit3", "mrr", "falseNone", "p50Ms" } };\nwith --manifest, { "sets": [ { "name", "queriesFile", "roots", "skills", …the same } ] }.\nRuns scored against different label files are never compared.\nExit codes: 0 scored, 2 usage error (a missing or malformed file, an empty catalog).',
        )
        .action(async (file: string | undefined, paths: string[], opts) => {
          const { runEval } = await import('./commands/search.js');
          process.exitCode = await runEval(file, paths, opts);
        }),
  ],
];

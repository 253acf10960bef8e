// The CLI faces of the operations that read, check and search the library: list, show, lint, audit, index,
// search, select and eval (their command lines, and the input each parses into).

import { Option } from 'commander';
import { type CliFace, defined } from './face.js';
import { HIDE_FAILURES, parseCount, withIndexOptions, withSkillOptions } from './flags.js';

const many = (v: string, acc: string[]) => [...acc, v];

/** list, show, lint, audit, index, search, select and eval, by operation. */
export const READ_FACES: Readonly<Record<string, CliFace>> = {
  list: {
    define: (p) =>
      withSkillOptions(
        p
          .command('list')
          .description(
            'List skills. With PATHs, each is a skills root searched recursively; without, the standard scopes from the working folder.',
          )
          .argument('[path...]', 'skills roots'),
      )
        .option(...HIDE_FAILURES)
        .addHelpText(
          'after',
          '\nJSON: an array of { "id", "name", "path", "scope", "description" } (path: the SKILL.md, absolute).\nExit codes: 0 listed (even with diagnostics), 2 usage error.',
        ),
    input: ([paths]) => ({ paths, input: {} }),
    report: 'all',
  },
  show: {
    define: (p) =>
      withSkillOptions(
        p
          .command('show')
          .description('Show one skill: where it is, its front matter, and its diagnostics.')
          .argument('<name>', 'the skill id or name')
          .argument('[path...]', 'skills roots (default: the standard scopes)'),
      )
        .option('--body', 'include the Markdown body')
        .option(...HIDE_FAILURES)
        .addHelpText('after', '\nExit codes: 0 shown, 2 unknown skill or usage error.'),
    input: ([name, paths], o) => ({ paths, input: { name, body: o.body === true } }),
    report: 'all',
  },
  lint: {
    define: (p) =>
      withSkillOptions(
        p
          .command('lint')
          .description('Lint skills: parse and discovery problems plus the rules of a profile.')
          .argument('[path...]', 'skills roots (default: the standard scopes)'),
      )
        .addOption(
          new Option(
            '--profile <profile>',
            'rule set: the open spec exactly, the recommended rules, or the security rules (default: config, else recommended)',
          ).choices(['spec', 'recommended', 'security']),
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
        ),
    input: ([paths], o) => ({
      paths,
      settings: { filesAsSkills: true, ...defined({ profile: o.profile }) },
      input: {
        format: o.json ? 'json' : o.format,
        ...defined({ maxWarnings: o.maxWarnings }),
        listRules: o.listRules === true,
        verbose: o.verbose === true,
      },
    }),
    // Lint's own diagnostics are its output; only the environment's go to stderr.
    report: 'errors',
  },
  audit: {
    define: (p) =>
      withSkillOptions(
        p
          .command('audit')
          .description(
            'Audit skills for what could harm the user: lint with the security profile (hidden Unicode, instructions aimed at the model, dangerous scripts, over-broad allowed-tools, links out, binaries).',
          )
          .argument('[path...]', 'skills roots (default: the standard scopes)'),
      )
        .addOption(
          new Option('--format <format>', 'output format')
            .choices(['stylish', 'json', 'github', 'sarif'])
            .default('stylish'),
        )
        .option('--config <file>', 'config file (rule levels; the profile is always security)')
        .option('--max-warnings <n>', 'exit 1 when there are more warnings than this', (v) =>
          parseCount(v, '--max-warnings'),
        )
        .addHelpText(
          'after',
          '\nOutput and JSON as lint. Exit codes: 0 no errors, 1 errors found (or more warnings than --max-warnings), 2 usage or config error.\nRules: docs/audit.md.',
        ),
    input: ([paths], o) => ({
      paths,
      settings: { filesAsSkills: true, profile: 'security' },
      input: {
        format: o.json ? 'json' : o.format,
        ...defined({ maxWarnings: o.maxWarnings }),
        verbose: o.verbose === true,
      },
    }),
    report: 'errors',
  },
  index: {
    define: (p) =>
      withIndexOptions(
        p
          .command('index')
          .description('Build or update the search index (only changed skills are re-indexed).')
          .argument('[path...]', 'skills roots'),
      ).addHelpText(
        'after',
        '\nJSON: { "file", "skills", "added", "changed", "removed", "unchanged", "ms" } ("file" is ":memory:" when nothing was saved).\nExit codes: 0 indexed, 2 usage error or an index that cannot be used.',
      ),
    input: ([paths]) => ({ paths, input: {} }),
  },
  search: {
    define: (p) =>
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
        ),
    input: ([query, paths], o) => ({
      paths,
      input: { query, limit: o.limit, explain: o.explain === true },
    }),
  },
  select: {
    define: (p) =>
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
        .option(
          '--whole-only',
          'load whole skills only: one that does not fit overflows (by default the room left is shared, and a skill bigger than its share loads in part)',
        )
        .addOption(
          new Option(
            '--content',
            'print each loaded skill\'s text after the summary, as load_skill gives it (a part: what its share holds); in --json, each loaded skill\'s "text"',
          ).conflicts('dryRun'),
        )
        .option('--dry-run', 'stop before loading: nothing is read or recorded')
        .option(
          '--explain',
          'say for every skill (each copy: its scope, and its path when two share a name) where it stopped and why',
        )
        .addHelpText(
          'after',
          '\nJSON: { "coverage": "ok" | "weak" | "none" | null, "loaded": [ { "name", "path", "scope", "tier", "score", "chars", "whole"?: { "chars", "tokens" } } ], "overflow": [ … ], "suggested": [ { "name", "path", "scope", "description", "chars" } ], "dropped": [ { "name", "path", "scope", "stage", "reason" } ], "unmatched", "budget": { "limit", "used", "suggested", "unit" }, "violation": null | { "limit", "required", "unit", "critical" } }; with --explain also "decisions": [ { "name", "path", "scope", "stage", "outcome", "reason" } ] and "unmatchedSkills".\nOnly an intent the search answers `ok` loads skills on its text; a `weak` one\'s candidates are suggested. A skill with "whole" loads in part: "chars" is its share of the budget.\nExit codes: 0 selected, 1 a budget violation (the critical skills alone exceed the budget), 2 usage error.',
        ),
    input: ([paths], o) => ({
      paths,
      input: {
        ...defined({ intent: o.intent, profile: o.profile, budget: o.budget }),
        ...defined({ unit: o.budgetUnit, suggest: o.suggest }),
        ...(o.wholeOnly === true ? { parts: false } : {}),
        files: o.file,
        commands: o.command,
        keywords: o.keyword,
        dryRun: o.dryRun === true,
        explain: o.explain === true,
        ...(o.content === true ? { content: true } : {}),
      },
    }),
  },
  eval: {
    define: (p) =>
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
        ),
    input: ([queries, paths], o) => ({
      paths,
      input: {
        ...defined({ queries, manifest: o.manifest, compare: o.compare }),
        baseline: o.baseline !== false,
      },
    }),
    report: (f) => ((f.input as { manifest?: string }).manifest ? 'errors' : 'library'),
  },
};

// The CLI faces of the operations on what the model sees and what a skill does when called: listing,
// load, invoke and doctor (their command lines, and the input each parses into).

import { Option } from 'commander';
import { SkillsetError } from '../errors.js';
import { type CliFace, defined } from './face.js';
import { splitAtDashes, withIndexOptions as withIndex } from './flags.js';
import { withListingOptions } from './flags-skills.js';

/** The listing request of listing's and doctor's flags. */
// biome-ignore lint/suspicious/noExplicitAny: commander types the flags by the command's own definition
const listingInput = (o: any) => {
  const context = {
    ...defined({ intent: o.intent }),
    ...(o.file.length > 0 ? { files: o.file } : {}),
  };
  return {
    ...defined({ budget: o.budget, contextTokens: o.contextTokens, fraction: o.fraction }),
    ...defined({ format: o.format, searchTool: o.searchTool, domainsFrom: o.domainsFrom }),
    ...(o.activate.length > 0 ? { activate: o.activate } : {}),
    ...(Object.keys(context).length > 0 ? { context } : {}),
  };
};

/** listing, load, invoke and doctor, by operation. */
export const SKILL_FACES: Readonly<Record<string, CliFace>> = {
  listing: {
    define: (p) =>
      withListingOptions(
        withIndex(
          p
            .command('listing')
            .description(
              'Print the skill listing for the system prompt, within its budget (default 8,000 characters; docs/listing.md).',
            )
            .argument('[path...]', 'skills roots (default: the standard scopes)'),
        ),
      ).addHelpText(
        'after',
        '\nPrints the listing text. JSON (--json, or --format json: one output, the JSON form unless --format names another): { "text", "chars", "budget", "budgetSource", "format", "level", "mode", "entries": [ { "name", "shown", "chars" } ], "hidden": [ { "name", "reason", "message" } ], "omitted", "closing", "paths", "choice", "domainsFrom", "tiers" }.\nExit codes: 0 listed, 2 usage error.',
      ),
    input: ([paths], o) => {
      // As with lint, `--format json` is `--json`, and `--json` is the JSON form unless `--format`
      // names another: the two print one thing.
      if (o.format === 'json') o.json = true;
      else if (o.json && o.format === undefined) o.format = 'json';
      return { paths, input: listingInput(o) };
    },
  },
  load: {
    define: (p) =>
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
        ),
    input: ([name, paths], o) => ({
      paths,
      input: { name, ...defined({ form: o.form }), record: o.record === true },
    }),
  },
  invoke: {
    define: (p) =>
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
        ),
    input: ([name, operands], o, cmd) => {
      const { paths, rest } = splitAtDashes(operands, cmd);
      // The user typed the command: an `ask` proceeds.
      return {
        paths,
        input: {
          name,
          arguments: rest.join(' '),
          approved: true,
          noShell: o.shell === false,
          record: o.record === true,
          ...defined({ sessionId: o.sessionId }),
        },
      };
    },
    // `skillset invoke greet Ada`: Ada was meant as an argument, not a root.
    settingsProblem: (e, [name]) =>
      e.code === 'usage/missing-root'
        ? new SkillsetError(e.code, e.message, {
            hint: `Arguments follow \`--\`: skillset invoke ${String(name)} [PATH…] -- ARGUMENTS…`,
          })
        : e,
  },
  doctor: {
    define: (p) =>
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
        ),
    input: ([paths], o) => ({ paths, input: listingInput(o) }),
  },
};

// The CLI faces of the operations that write the library out: export (another agent's conventions),
// build (a tier), and gloss-coverage beside build (their command lines, and the input each parses into).

import { Option } from 'commander';
import { EXPORT_TARGETS } from '../agents/registry.js';
import { type CliFace, defined } from './face.js';
import { withIndexOptions as withIndex } from './flags.js';

/** `--domains-from`: where a skill's domain comes from (build, gloss-coverage). */
const domainsFrom = () =>
  new Option(
    '--domains-from <how>',
    'a skill’s domain: its first folder, or its front matter domain',
  )
    .choices(['path', 'field'])
    .default('path');

/** export, build and gloss-coverage, by operation. */
export const LIBRARY_FACES: Readonly<Record<string, CliFace>> = {
  export: {
    define: (p) =>
      withIndex(
        p
          .command('export')
          .description(
            "Write the library out for another agent's conventions: AGENTS.md, Cursor rules, .agents/skills copies, Copilot instructions, or a static Agent Skills index (.well-known/agent-skills) (docs/export.md).",
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
        ),
    input: ([paths], o) => ({
      paths,
      input: {
        target: o.target,
        outDir: o.out,
        ...defined({ pointTo: o.pointTo }),
        check: o.check === true,
        force: o.force === true,
        alwaysApply: o.alwaysApply === true,
      },
    }),
  },
  publish: {
    define: (p) =>
      withIndex(
        p
          .command('publish')
          .description(
            'Publish the library into a namespace of a shared registry on PostgreSQL, by content digest (docs/registry.md).',
          )
          .argument('[path...]', 'skills roots (default: the standard scopes)'),
      )
        .requiredOption(
          '--store <url>',
          'the registry: postgres://USER@HOST:PORT/DATABASE[?schema=NAME]',
        )
        .requiredOption(
          '--namespace <name>',
          'the namespace published into (skills go by namespace:name)',
        )
        .option('--prune', 'remove the skills the library no longer has')
        .addHelpText(
          'after',
          '\nUnchanged skills cost a digest comparison; readers see the new generation all at once.\nJSON: { "namespace", "store", "skills", "kept", "added", "changed", "removed", "unchanged", "ms" }.\nExit codes: 0 published, 2 a problem (the registry out of reach, a bad namespace).',
        ),
    input: ([paths], o) => ({
      paths,
      input: { store: o.store, namespace: o.namespace, prune: o.prune === true },
    }),
  },
  team: {
    define: (p) =>
      withIndex(
        p
          .command('team')
          .description(
            'Grant a team namespaces of a registry, and issue it a token: the token is shown once, only its digest kept (docs/registry.md).',
          )
          .argument('<team>', 'the team (made if new)'),
      )
        .requiredOption(
          '--store <url>',
          'the registry: postgres://USER@HOST:PORT/DATABASE[?schema=NAME]',
        )
        .option('--grant <namespace...>', 'namespaces the team may see')
        .option('--token', 'issue a new token for the team')
        .option('--label <text>', 'what the token is for')
        .addHelpText(
          'after',
          '\nJSON: { "team", "namespaces", "token"? }.\nExit codes: 0 done, 2 a problem (the registry out of reach).',
        ),
    input: ([team], o) => ({
      paths: [],
      input: {
        store: o.store,
        team,
        ...defined({ grant: o.grant, label: o.label }),
        token: o.token === true,
      },
    }),
  },
  build: {
    define: (p) =>
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
        .addOption(domainsFrom())
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
        ),
    input: ([paths], o) => ({
      paths,
      input: {
        out: o.out,
        ...defined({ name: o.name, domainsFrom: o.domainsFrom }),
        check: o.check === true,
        measure: o.measure === true,
        force: o.force === true,
      },
    }),
  },
  'gloss-coverage': {
    define: (p) =>
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
        .addOption(domainsFrom())
        .addHelpText(
          'after',
          '\nExit codes: 0 nothing clipped, 1 some skill clips the term, 2 usage error.',
        ),
    input: ([term, paths], o) => ({
      paths,
      input: { term, ...defined({ domain: o.domain, domainsFrom: o.domainsFrom }) },
    }),
  },
};

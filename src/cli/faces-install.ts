// The CLI faces of the install operations: add, install, verify and remove (docs/install.md). The
// project is the working folder; `--user` installs for the user instead, `--agent` picks the folder.

import type { Command } from 'commander';
import { type CliFace, defined } from './face.js';
import { withSkillOptions } from './flags.js';

const many = (v: string, acc: string[]) => [...acc, v];

/** The options every command has, less those about reading a library: an install reads none. */
const HIDDEN = new Set(['--dir', '--add-dir', '--precedence', '--max-depth', '--no-cache']);

function withInstallOptions(cmd: Command): Command {
  const c = withSkillOptions(cmd);
  for (const o of c.options) {
    if (o.long !== undefined && HIDDEN.has(o.long)) o.hideHelp();
    if (o.long === '--agent')
      o.description =
        "the agent whose skills folder to use (default: skillset's own, .agents/skills)";
  }
  return c;
}

const where = (o: { agent?: string; user?: boolean }) => ({
  ...defined({ agent: o.agent }),
  ...(o.user === true ? { user: true } : {}),
});

/** add, install, verify and remove, by operation. */
export const INSTALL_FACES: Readonly<Record<string, CliFace>> = {
  add: {
    define: (p) =>
      withInstallOptions(
        p
          .command('add')
          .description(
            "Install skills from a git repository, a folder, an archive or a site's Agent Skills index into the agent's skills folder, pinned in skillset.lock.json (docs/install.md).",
          )
          .argument(
            '<source>',
            'a site (https://example.com, or its …/.well-known/agent-skills/index.json), a git URL (https, ssh, git, file), owner/repo[/path][#ref], a folder, or a .tar.gz, .tgz, .tar or .zip',
          ),
      )
        .option('--skill <name>', 'only this skill of the source (repeatable)', many, [])
        .option('--ref <ref>', 'a branch, tag or commit (default: the source’s #ref, else HEAD)')
        .option('--user', "install for the user (the agent's user folder), not the project")
        .option('--force', 'replace a folder skillset did not install, or one edited since')
        .option(
          '--allow-risk <rule>',
          'let the error findings of this audit rule through (repeatable; recorded in the lock)',
          many,
          [],
        )
        .addHelpText(
          'after',
          '\nNothing from the source runs: git is called with hooks off and prompts off, one commit is fetched shallow, and files are copied (links that leave a skill are not). From a site\'s index (.well-known/agent-skills/index.json), each artifact\'s sha256 is checked against the index before it is unpacked; plain http is fetched from this machine only. Each skill is audited (the rules of skillset audit) before it moves: an error finding stops the install unless --allow-risk names its rule.\nJSON: { "lockFile", "skills": [ { "name", "installedAt", "digest", "files", "commit"?, "status": "added" | "updated" | "unchanged" } ], "skipped": [ { "name", "file" } ] }.\nExit codes: 0 installed, 2 a problem (an unreachable source, a missing ref, no skills, a folder in the way), with nothing changed.',
        ),
    input: ([source], o) => ({
      paths: [],
      input: {
        source,
        ...(o.skill.length > 0 ? { skills: o.skill } : {}),
        ...defined({ ref: o.ref }),
        ...where(o),
        ...(o.force === true ? { force: true } : {}),
        ...(o.allowRisk.length > 0 ? { allowRisk: o.allowRisk } : {}),
      },
    }),
  },
  install: {
    define: (p) =>
      withInstallOptions(
        p
          .command('install')
          .description(
            'Put every skill of skillset.lock.json in place, fetched at its locked commit and checked against its digest.',
          ),
      )
        .option(
          '--frozen',
          'change nothing: exit 1 when an installed skill or a source differs from the lock (CI)',
        )
        .option('--user', "the user's lock and skills folder")
        .option('--force', 'replace installed skills edited since')
        .addHelpText(
          'after',
          '\nExit codes: 0 in place, 1 --frozen found a difference (each file named), 2 a problem.',
        ),
    input: (_operands, o) => ({
      paths: [],
      input: {
        ...(o.frozen === true ? { frozen: true } : {}),
        ...where(o),
        ...(o.force === true ? { force: true } : {}),
      },
    }),
  },
  verify: {
    define: (p) =>
      withInstallOptions(
        p
          .command('verify')
          .description(
            'Compare the installed skills with skillset.lock.json: modified, missing and extra files.',
          ),
      )
        .option('--user', "the user's lock and skills folder")
        .addHelpText(
          'after',
          '\nJSON: { "lockFile", "skills", "drift": [ { "name", "installedAt", "absent", "modified", "missing", "extra" } ] }.\nExit codes: 0 as locked, 1 something differs, 2 a problem (an unreadable lock).',
        ),
    input: (_operands, o) => ({ paths: [], input: where(o) }),
  },
  remove: {
    define: (p) =>
      withInstallOptions(
        p
          .command('remove')
          .description('Remove an installed skill and its entry in skillset.lock.json.')
          .argument('<name>', 'the skill'),
      )
        .option('--user', "the user's lock and skills folder")
        .option('--force', 'remove it even when it was edited since it was installed'),
    input: ([name], o) => ({
      paths: [],
      input: { name, ...where(o), ...(o.force === true ? { force: true } : {}) },
    }),
  },
  outdated: {
    define: (p) =>
      withInstallOptions(
        p
          .command('outdated')
          .description(
            'Say which locked skills their source has moved past (the ref now names another commit).',
          ),
      ).option('--user', "the user's lock and skills folder"),
    input: (_operands, o) => ({ paths: [], input: where(o) }),
  },
  update: {
    define: (p) =>
      withInstallOptions(
        p
          .command('update')
          .description(
            'Move outdated skills to what their source gives now; first show what changed that matters (description, allowed-tools, scripts, shell lines).',
          )
          .argument('[name]', 'one skill (default: every outdated one)'),
      )
        .option('--yes', 'take the changes (without it, nothing changes)')
        .option(
          '--allow-risk <rule>',
          'let the error findings of this audit rule through (repeatable; recorded in the lock)',
          many,
          [],
        )
        .option('--user', "the user's lock and skills folder")
        .option('--force', 'replace installed skills edited since'),
    input: ([name], o) => ({
      paths: [],
      input: {
        ...defined({ name }),
        ...(o.yes === true ? { yes: true } : {}),
        ...(o.allowRisk.length > 0 ? { allowRisk: o.allowRisk } : {}),
        ...where(o),
        ...(o.force === true ? { force: true } : {}),
      },
    }),
  },
  import: {
    define: (p) =>
      withInstallOptions(
        p
          .command('import')
          .description(
            'Take over skills npx skills (skills-lock.json) or gh skill (metadata.github-* provenance) installed: lock what is installed, with its commit when the source still gives those files.',
          ),
      )
        .option('--from <file>', 'the npx skills lock (default skills-lock.json here)')
        .option('--offline', 'fetch no source: lock without commits')
        .option('--user', "the user's lock and skills folders"),
    input: (_operands, o) => ({
      paths: [],
      input: {
        ...defined({ from: o.from }),
        ...(o.offline === true ? { offline: true } : {}),
        ...where(o),
      },
    }),
  },
};

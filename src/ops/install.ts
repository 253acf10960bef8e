// The install operations (docs/install.md): add, install, verify and remove. Each runs the install
// core over the service's project folder and file system; the texts say what moved, and `verify`
// and a frozen `install` name each file that differs.

import type { AddInput, AddView, InstalledSkill } from '../install/add.js';
import type { ImportInput, ImportView } from '../install/import.js';
import type { RemoveInput, RemoveView } from '../install/remove.js';
import type { OutdatedView, UpdatedSkill, UpdateInput, UpdateView } from '../install/update.js';
import type { RestoreInput, RestoreView, SkillDrift, VerifyView } from '../install/verify.js';
import { visibleLines } from '../text/visible.js';
import { operation, type RunContext, type Zod } from './operation.js';

const context = ({ service }: RunContext) => ({
  fs: service.settings.fs,
  cwd: service.settings.cwd,
  ...(service.settings.discover.home ? { home: service.settings.discover.home } : {}),
});

/** Run `f`, its SkillsetError (a file-system error too) an outcome's problem: one line and exit 2. */
async function outcome<T>(f: () => Promise<T>) {
  const { attempt } = await import('../core/outcome.js');
  const { asInstallProblem } = await import('../install/fs-errors.js');
  return attempt([], () =>
    f().catch((e: unknown) => {
      throw asInstallProblem(e);
    }),
  );
}

const skillLine = (s: InstalledSkill): string =>
  `  ${s.status.padEnd(9)} ${s.name.padEnd(32)} ${s.installedAt}  ${s.files} file${s.files === 1 ? '' : 's'}${s.commit ? `  ${s.commit.slice(0, 12)}` : ''}${s.audit && s.audit !== 'clean' ? `  audit: ${s.audit}` : ''}`;

function driftLines(d: SkillDrift): string[] {
  if (d.absent) return [`  ${d.name}: ${d.installedAt} is missing`];
  return [
    `  ${d.name} (${d.installedAt}):`,
    ...d.modified.map((f) => `    modified ${f}`),
    ...d.missing.map((f) => `    missing  ${f}`),
    ...d.extra.map((f) => `    extra    ${f}`),
  ];
}

const agentField = (z: Zod) =>
  z
    .string()
    .optional()
    .describe("The agent whose skills folder to use (default skillset's: .agents/skills).");

/** Add the skills of a source: resolve, fetch one commit, copy into place, lock. */
export const add = operation<AddInput, AddView>({
  name: 'add',
  input: (z) =>
    z.object({
      source: z
        .string()
        .describe(
          "A git URL, owner/repo[/path][#ref], a folder, or a site's https:// URL (its /.well-known/agent-skills/index.json).",
        ),
      skills: z.array(z.string()).optional(),
      ref: z.string().optional(),
      agent: agentField(z),
      user: z.boolean().optional(),
      force: z.boolean().optional(),
      allowRisk: z.array(z.string()).optional(),
    }),
  run: async (ctx, input) => {
    const { addSkills } = await import('../install/add.js');
    return outcome(() => addSkills(context(ctx), input));
  },
  text: (v) => {
    const view = visibleLines(v);
    return `${[
      ...view.skills.map(skillLine),
      ...view.skipped.map((s) => `  skipped ${s.name}/${s.file}`),
      ...(view.warnings ?? []).map((w) => `  warning ${w}`),
      `lock: ${view.lockFile}`,
    ].join('\n')}\n`;
  },
});

/** Put back every skill of the lock; `frozen`: fail on any difference, changing nothing. */
export const install = operation<RestoreInput, RestoreView>({
  name: 'install',
  input: (z) =>
    z.object({
      frozen: z.boolean().optional(),
      agent: agentField(z),
      user: z.boolean().optional(),
      force: z.boolean().optional(),
    }),
  run: async (ctx, input) => {
    const { restoreSkills } = await import('../install/verify.js');
    return outcome(() => restoreSkills(context(ctx), input));
  },
  text: (v) => {
    const view = visibleLines(v);
    const out =
      view.failed.length > 0
        ? [
            '--frozen: these differ from the lock; nothing was changed:',
            ...view.failed.flatMap(driftLines),
          ]
        : view.skills.map(skillLine);
    return `${[...out, `lock: ${view.lockFile}`].join('\n')}\n`;
  },
  exit: (v) => ({ code: v.failed.length > 0 ? 1 : 0 }),
});

/** Compare the installed skills with the lock: modified, missing and extra files. */
export const verify = operation<Omit<RestoreInput, 'frozen' | 'force'>, VerifyView>({
  name: 'verify',
  input: (z) => z.object({ agent: agentField(z), user: z.boolean().optional() }),
  run: async (ctx, input) => {
    const { verifySkills } = await import('../install/verify.js');
    return outcome(() => verifySkills(context(ctx), input));
  },
  text: (v) => {
    const view = visibleLines(v);
    const head =
      view.drift.length === 0
        ? `${view.skills} skill${view.skills === 1 ? '' : 's'} as locked`
        : `${view.drift.length} of ${view.skills} skills differ from the lock:`;
    return `${[head, ...view.drift.flatMap(driftLines), `lock: ${view.lockFile}`].join('\n')}\n`;
  },
  exit: (v) => ({ code: v.drift.length > 0 ? 1 : 0 }),
});

/** Remove an installed skill and its lock entry. */
export const remove = operation<RemoveInput, RemoveView>({
  name: 'remove',
  input: (z) =>
    z.object({
      name: z.string(),
      agent: agentField(z),
      user: z.boolean().optional(),
      force: z.boolean().optional(),
    }),
  run: async (ctx, input) => {
    const { removeSkill } = await import('../install/remove.js');
    return outcome(() => removeSkill(context(ctx), input));
  },
  text: (v) => `removed ${visibleLines(v).removed} (${visibleLines(v).installedAt})\n`,
});

/** Which locked skills their source has moved past. */
export const outdated = operation<Omit<RestoreInput, 'frozen' | 'force'>, OutdatedView>({
  name: 'outdated',
  input: (z) => z.object({ agent: agentField(z), user: z.boolean().optional() }),
  run: async (ctx, input) => {
    const { outdatedSkills } = await import('../install/update.js');
    return outcome(() => outdatedSkills(context(ctx), input));
  },
  text: (v) => {
    const view = visibleLines(v);
    const lines = view.skills.map((s) =>
      s.error
        ? `  ${s.name}: ${s.error}`
        : `  ${s.outdated ? 'outdated' : 'current '} ${s.name.padEnd(32)} ${s.source}${s.ref ? `#${s.ref}` : ''}${s.outdated && s.latest ? `  ${s.locked?.slice(0, 12) ?? '?'} → ${s.latest.slice(0, 12)}` : ''}`,
    );
    return `${[...lines, `lock: ${view.lockFile}`].join('\n')}\n`;
  },
  exit: (v) => ({ code: v.skills.some((s) => s.error) ? 2 : 0 }),
});

function changeLines(s: UpdatedSkill): string[] {
  const c = s.changes;
  if (!c) return [];
  const out: string[] = [];
  if (c.description) out.push(`    description: ${c.description.from} → ${c.description.to}`);
  if (c.allowedTools)
    out.push(
      `    allowed-tools: ${c.allowedTools.from || '(none)'} → ${c.allowedTools.to || '(none)'}`,
    );
  for (const f of c.scriptsAdded) out.push(`    script added: ${f}`);
  for (const f of c.scriptsChanged) out.push(`    script changed: ${f}`);
  for (const l of c.shellLines) out.push(`    runs shell: ${l}`);
  if (s.auditFailed) out.push(`    audit: ${s.auditFailed}`);
  else if (s.audit && s.audit.verdict !== 'clean')
    out.push(
      `    audit: ${s.audit.verdict} (${s.audit.errors} errors, ${s.audit.warnings} warnings)`,
    );
  const { added, changed, removed } = c.files;
  out.push(
    `    files: ${added.length} added, ${changed.length} changed, ${removed.length} removed`,
  );
  return out;
}

/** Move outdated skills to what their source gives now; without `yes`, only show what would change. */
export const update = operation<UpdateInput, UpdateView>({
  name: 'update',
  input: (z) =>
    z.object({
      name: z.string().optional(),
      yes: z.boolean().optional(),
      agent: agentField(z),
      user: z.boolean().optional(),
      force: z.boolean().optional(),
      allowRisk: z.array(z.string()).optional(),
    }),
  run: async (ctx, input) => {
    const { updateSkills } = await import('../install/update.js');
    return outcome(() => updateSkills(context(ctx), input));
  },
  text: (v) => {
    const view = visibleLines(v);
    const lines = view.skills.flatMap((s) => [
      `  ${s.status.padEnd(8)} ${s.name}${s.to ? `  ${s.from?.slice(0, 12) ?? '?'} → ${s.to.slice(0, 12)}` : ''}${s.review ? '  (review these changes)' : ''}`,
      ...changeLines(s),
    ]);
    const pending = view.skills.some((s) => s.status === 'pending');
    return `${[...lines, ...(pending ? ['nothing changed: run again with --yes to take these'] : []), `lock: ${view.lockFile}`].join('\n')}\n`;
  },
});

/** Take over skills `npx skills` or `gh skill` installed: lock what is there, with its commit when it can be learned. */
export const importLock = operation<ImportInput, ImportView>({
  name: 'import',
  input: (z) =>
    z.object({
      from: z.string().optional(),
      offline: z.boolean().optional(),
      agent: agentField(z),
      user: z.boolean().optional(),
    }),
  run: async (ctx, input) => {
    const { importSkills } = await import('../install/import.js');
    return outcome(() => importSkills(context(ctx), input));
  },
  text: (v) => {
    const view = visibleLines(v);
    const lines = view.skills.map(
      (s) =>
        `  ${s.status.padEnd(8)} ${s.name.padEnd(32)} ${s.from}${s.installedAt ? `  ${s.installedAt}` : ''}${s.commit ? `  ${s.commit.slice(0, 12)}` : ''}${s.note ? `\n           ${s.note}` : ''}`,
    );
    return `${[...(lines.length > 0 ? lines : ['nothing to import: no skills-lock.json, no gh skill provenance']), `lock: ${view.lockFile}`].join('\n')}\n`;
  },
});

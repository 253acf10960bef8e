// Invoking one skill, for `skillset invoke`, a session's `invoke` and the MCP server: the permission
// decision first (deny and `ask` go back to the caller), then the expansion chain over the composed
// body. Shell runs only for trusted sources (`isTrusted`).

import type { LoadLimits } from '../compose/import-limits.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { type FileSystem, nodeFileSystem } from '../discover/fs.js';
import { SkillsetError } from '../errors.js';
import { type ExpandedCommand, expandSkill } from '../invoke/expand.js';
import {
  type ApprovalState,
  decideSkillPermission,
  type PermissionDecision,
} from '../invoke/permissions.js';
import { renderLoadCut } from '../render/load-limit.js';
import type { Skill } from '../skill/types.js';
import { loadSkill } from './load.js';
import type { InvokeSettings, PermissionSettings } from './settings-skills.js';

/** How an invocation runs. */
export interface InvokeOptions {
  /** Who invokes: the user (`/name args`) or the model (default `user`). */
  by?: 'user' | 'model';
  sessionId: string;
  projectDir: string;
  /** The host approved this call (a user who typed the command has): an `ask` proceeds. */
  approved?: boolean;
  /** Turn shell off for this call, whatever the policy. */
  noShell?: boolean;
  /** The host trusts the project (default: the config's `invoke.trustProject`). */
  trustProject?: boolean;
  /** The skill came from a remote origin (an MCP server): never trusted. */
  remote?: boolean;
  approvals?: ApprovalState;
  fs?: FileSystem;
}

/** An invocation: the prompt text, or the permission question for the host. */
export interface InvokeView {
  id: string;
  name: string;
  dir: string;
  contentHash: string;
  /** `ask`: nothing ran; the host decides and calls again with `approved`. */
  status: 'expanded' | 'ask';
  /** The file changed since the catalog was read: refresh, then decide again. */
  stale?: boolean;
  permission: PermissionDecision;
  trusted: boolean;
  shell: 'on' | 'off';
  /** The expanded prompt (empty on `ask`). */
  text: string;
  /** Its imported files, each its own block. */
  imports: Array<{ spec: string; text: string }>;
  /** Each shell site: run or not, and why. */
  commands: Array<Omit<ExpandedCommand, 'ms'>>;
}

/** Scopes whose skills the user installed for themselves (or an admin did): trusted to run shell. */
const TRUSTED_SCOPES: ReadonlySet<string> = new Set(['user', 'managed', 'plugin']);

/**
 * May `skill`'s shell run? User, managed and plugin skills may; skills that came with a folder
 * (project, nested, added folders and explicit roots, `.claude/commands`) only when the host trusts
 * the project; a remote skill never.
 */
export function isTrusted(skill: Skill, o: { trustProject: boolean; remote?: boolean }): boolean {
  if (o.remote) return false;
  return TRUSTED_SCOPES.has(skill.source.scope) || o.trustProject;
}

/** The 1-based line of `file` where `command` is written first, if it can be found. */
async function fileLine(
  fs: FileSystem,
  file: string,
  command: string,
): Promise<number | undefined> {
  try {
    const r = await fs.readFile(file, 1 << 20);
    if (!r.ok) return undefined;
    const first = command.split('\n')[0] ?? command;
    const i = r.bytes
      .toString('utf8')
      .split(/\r?\n/)
      .findIndex((l) => l.includes(first));
    return i >= 0 ? i + 1 : undefined;
  } catch {
    return undefined;
  }
}

/** Invoke `skill` with the raw argument string `args`. */
export async function invokeSkill(
  skill: Skill,
  skills: readonly Skill[],
  args: string,
  settings: { invoke: InvokeSettings; permissions: PermissionSettings; load?: LoadLimits },
  o: InvokeOptions,
): Promise<{ view: InvokeView; diagnostics: Diagnostic[] }> {
  const by = o.by ?? 'user';
  const permission = decideSkillPermission(
    skill,
    { by, ...(args !== '' ? { args } : {}) },
    { ...settings.permissions, ...(o.approvals ? { approvals: o.approvals } : {}) },
  );
  if (permission.decision === 'deny')
    throw new SkillsetError(
      'invoke/denied',
      `\`${skill.id}\` may not be invoked: ${permission.reason}`,
      {
        hint: 'See the permissions section of the config file (docs/invocation.md).',
        data: { skill: skill.id, permission },
      },
    );
  const trusted = isTrusted(skill, {
    trustProject: o.trustProject ?? settings.invoke.trustProject,
    ...(o.remote ? { remote: true } : {}),
  });
  const shell = o.noShell ? 'off' : settings.invoke.shell;
  const base = {
    id: skill.id,
    name: skill.name,
    dir: skill.dir,
    contentHash: skill.contentHash,
    permission,
    trusted,
    shell,
  } as const;
  if (permission.decision === 'ask' && !o.approved)
    return {
      view: { ...base, status: 'ask', text: '', imports: [], commands: [] },
      diagnostics: [],
    };
  const { view: loaded, diagnostics } = await loadSkill(skill, skills, {
    ...(o.fs ? { fs: o.fs } : {}),
    projectRoot: o.projectDir,
    ...(settings.load ? { limits: settings.load } : {}),
  });
  // A decision that rested on the content (an approval of it, or its properties) holds only for the
  // content it saw: a file changed since the catalog was read is decided again once it is re-read.
  if (loaded.changed && (permission.step === 'approval' || permission.step === 'safe-properties'))
    return {
      view: {
        ...base,
        contentHash: loaded.contentHash,
        status: 'ask',
        stale: true,
        permission: {
          decision: 'ask',
          step: 'ask',
          reason: `\`${skill.id}\` changed since it was read (${permission.step === 'approval' ? 'the approval was for the content before' : 'its properties were checked before'}): read the folders again and decide again`,
        },
        text: '',
        imports: [],
        commands: [],
      },
      diagnostics,
    };
  // Blank lines after the front matter carry nothing; the rest is expanded as written.
  const r = await expandSkill({
    body: loaded.body.replace(/^(?:[ \t]*\r?\n)+/, ''),
    skillDir: skill.dir,
    args,
    ...(skill.frontmatter.arguments ? { argumentNames: skill.frontmatter.arguments } : {}),
    sessionId: o.sessionId,
    projectDir: o.projectDir,
    trusted,
    shell,
    timeoutMs: settings.invoke.timeoutMs,
    ...(skill.frontmatter.shell ? { shellProgram: skill.frontmatter.shell } : {}),
  });
  if (!r.ok) {
    // The line in the SKILL.md, where the author can find the command (the body's line counts from
    // after the front matter and its imports).
    const at = await fileLine(o.fs ?? nodeFileSystem, skill.path, r.problem.command);
    const message = at
      ? r.problem.message.replace(/\(line \d+\)/, `(${skill.path}:${at})`)
      : r.problem.message;
    throw new SkillsetError(r.problem.code, message, {
      hint:
        r.problem.code === 'invoke/shell-timeout'
          ? `Raise invoke.timeoutMs in the config (now ${settings.invoke.timeoutMs} ms), or pass --no-shell.`
          : 'Fix the command in the skill, or pass --no-shell to expand it without running shell.',
      data: { ...r.problem, file: skill.path, ...(at ? { fileLine: at } : {}) },
    });
  }
  return {
    view: {
      ...base,
      status: 'expanded',
      // What the load's bounds left out is said in the prompt itself, where the model reads it.
      text: loaded.cut ? `${r.text}\n\n${renderLoadCut(loaded.cut, skill.id)}` : r.text,
      imports: loaded.imports.map((i) => ({ spec: i.spec, text: i.text })),
      commands: r.commands.map(({ ms: _ms, ...c }) => c),
    },
    diagnostics,
  };
}

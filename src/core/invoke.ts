// Invoking one skill, for `skillset invoke`, a session's `invoke` and the MCP server: what the
// expansion reads is read once, the permission decision is made on it (deny and `ask` go back to the
// caller, an approval binding the digest of every file read), then the expansion chain runs over the
// composed body. Shell runs only when every part is trusted (src/core/trust.ts).

import type { LoadLimits } from '../compose/import-limits.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { SkillsetError } from '../errors.js';
import { type FileSystem, nodeFileSystem } from '../files/fs.js';
import {
  type ExpandedCommand,
  type ExpandInput,
  expandSkill,
  type ShellProblem,
} from '../invoke/expand.js';
import {
  type ApprovalState,
  decideSkillPermission,
  type PermissionDecision,
} from '../invoke/permissions.js';
import { renderLoadCut } from '../render/load-limit.js';
import type { Skill } from '../skill/types.js';
import { loadSkill } from './load.js';
import type { InvokeSettings, PermissionSettings } from './settings-skills.js';
import {
  composedTrust,
  expansionDigest,
  type TrustGrant,
  type TrustPart,
  trustParts,
} from './trust.js';

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
  /** The host trusts the project (default: the settings', from `--trust-project` or the user's config). */
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
  /** Whether shell may run: every part read (the skill, its parents, its imports) is trusted. */
  trusted: boolean;
  /** Why not, when not: the least trusted part. */
  untrusted?: string;
  /**
   * The digest an approval binds: the skill's content hash, or one over every file the expansion
   * reads when it reads more (`extends` parents, imports). Pass it to `recordApproval`.
   */
  digest: string;
  /** The files the expansion reads, each with its source and whether it is trusted. */
  sources: Array<Omit<TrustPart, 'hash'>>;
  shell: 'on' | 'off';
  /** The expanded prompt (empty on `ask`). */
  text: string;
  /** Its imported files, each its own block. */
  imports: Array<{ spec: string; text: string }>;
  /** Each shell site: run or not, and why. */
  commands: Array<Omit<ExpandedCommand, 'ms'>>;
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

/** Read everything an expansion of `skill` reads, once: the load, and the skills it composed. */
function readExpansion(
  skill: Skill,
  skills: readonly Skill[],
  o: { fs?: FileSystem | undefined; projectDir: string; limits?: LoadLimits | undefined },
): ReturnType<typeof loadSkill> {
  return loadSkill(skill, skills, {
    ...(o.fs ? { fs: o.fs } : {}),
    projectRoot: o.projectDir,
    ...(o.limits ? { limits: o.limits } : {}),
  });
}

/** The front matter as written, over every composed file: a parent's properties count too. */
function composedRaw(composed: ReadonlyArray<{ skill: Skill }>): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const c of [...composed].reverse()) Object.assign(raw, c.skill.raw);
  return raw;
}

/**
 * The view of an `ask` for content that changed since the catalog was read, when the decision rested
 * on the content (an approval of it, or its properties): the host reads the folders again and decides.
 */
function staleView(
  base: Omit<InvokeView, 'status' | 'text' | 'imports' | 'commands'>,
  step: 'approval' | 'safe-properties',
): InvokeView {
  return {
    ...base,
    status: 'ask',
    stale: true,
    permission: {
      decision: 'ask',
      step: 'ask',
      reason: `\`${base.id}\` changed since it was read (${step === 'approval' ? 'the approval was for the content before' : 'its properties were checked before'}): read the folders again and decide again`,
    },
    text: '',
    imports: [],
    commands: [],
  };
}

/** A shell command that failed, as a problem naming its line in the SKILL.md, with what to do. */
async function shellFailure(
  skill: Skill,
  problem: ShellProblem,
  timeoutMs: number,
  fs: FileSystem | undefined,
): Promise<SkillsetError> {
  // The line in the SKILL.md, where the author can find the command (the body's line counts from
  // after the front matter and its imports).
  const at = await fileLine(fs ?? nodeFileSystem, skill.path, problem.command);
  const message = at
    ? problem.message.replace(/\(line \d+\)/, `(${skill.path}:${at})`)
    : problem.message;
  return new SkillsetError(problem.code, message, {
    hint:
      problem.code === 'invoke/shell-timeout'
        ? `Raise invoke.timeoutMs in the config (now ${timeoutMs} ms), or pass --no-shell.`
        : 'Fix the command in the skill, or pass --no-shell to expand it without running shell.',
    data: { ...problem, file: skill.path, ...(at ? { fileLine: at } : {}) },
  });
}

/** What the expansion of `skill`'s `body` with `args` takes: the session, the trust, the shell. */
function expandInput(
  skill: Skill,
  body: string,
  args: string,
  o: InvokeOptions,
  run: { trust: { trusted: boolean; because?: string }; shell: 'on' | 'off'; timeoutMs: number },
): ExpandInput {
  return {
    // Blank lines after the front matter carry nothing; the rest is expanded as written.
    body: body.replace(/^(?:[ \t]*\r?\n)+/, ''),
    skillDir: skill.dir,
    args,
    ...(skill.frontmatter.arguments ? { argumentNames: skill.frontmatter.arguments } : {}),
    sessionId: o.sessionId,
    projectDir: o.projectDir,
    trusted: run.trust.trusted,
    ...(run.trust.because ? { untrustedBecause: run.trust.because } : {}),
    shell: run.shell,
    timeoutMs: run.timeoutMs,
    ...(skill.frontmatter.shell ? { shellProgram: skill.frontmatter.shell } : {}),
  };
}

/** The problem of an invocation the permissions deny. */
const denied = (skill: Skill, permission: PermissionDecision): SkillsetError =>
  new SkillsetError('invoke/denied', `\`${skill.id}\` may not be invoked: ${permission.reason}`, {
    hint: 'See the permissions section of the config file (docs/invocation.md).',
    data: { skill: skill.id, permission },
  });

/** Invoke `skill` with the raw argument string `args`. */
export async function invokeSkill(
  skill: Skill,
  skills: readonly Skill[],
  args: string,
  settings: { invoke: InvokeSettings; permissions: PermissionSettings; load?: LoadLimits },
  o: InvokeOptions,
): Promise<{ view: InvokeView; diagnostics: Diagnostic[] }> {
  const by = o.by ?? 'user';
  const request = { by, ...(args !== '' ? { args } : {}) };
  const policy = { ...settings.permissions, ...(o.approvals ? { approvals: o.approvals } : {}) };
  // A deny needs nothing read.
  const first = decideSkillPermission(skill, request, policy);
  if (first.decision === 'deny') throw denied(skill, first);
  const grant: TrustGrant = {
    trustProject: o.trustProject ?? settings.invoke.trustProject,
    trustedFolders: settings.invoke.trustedFolders,
    ...(o.remote ? { remote: true } : {}),
  };
  // Everything the expansion reads is read once, here: the decision, its digest and the text all
  // rest on these bytes, so what was approved is what runs.
  const {
    view: loaded,
    diagnostics,
    composed,
  } = await readExpansion(skill, skills, { ...o, limits: settings.load });
  const parts = trustParts(composed, loaded.imports, grant);
  const digest = expansionDigest(parts);
  const trust = composedTrust(parts);
  const permission = decideSkillPermission(
    { id: skill.id, name: skill.name, contentHash: digest, raw: composedRaw(composed) },
    request,
    policy,
  );
  if (permission.decision === 'deny') throw denied(skill, permission);
  const shell = o.noShell ? 'off' : settings.invoke.shell;
  const base = {
    id: skill.id,
    name: skill.name,
    dir: skill.dir,
    contentHash: loaded.contentHash,
    permission,
    trusted: trust.trusted,
    ...(trust.because ? { untrusted: trust.because } : {}),
    digest,
    sources: parts.map(({ hash: _h, ...p }) => p),
    shell,
  } as const;
  // A decision that rested on the content (an approval of it, or its properties) holds only for the
  // content it saw: a file changed since the catalog was read is decided again once it is re-read.
  const changed = composed.some((c) => c.contentHash !== c.skill.contentHash);
  if (changed && (permission.step === 'approval' || permission.step === 'safe-properties'))
    return { view: staleView(base, permission.step), diagnostics };
  if (permission.decision === 'ask' && !o.approved)
    return {
      view: { ...base, status: 'ask', text: '', imports: [], commands: [] },
      diagnostics,
    };
  const r = await expandSkill(
    expandInput(skill, loaded.body, args, o, {
      trust,
      shell,
      timeoutMs: settings.invoke.timeoutMs,
    }),
  );
  if (!r.ok) throw await shellFailure(skill, r.problem, settings.invoke.timeoutMs, o.fs);
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

/**
 * The digest an approval of `skill` binds now: every file its expansion would read, as
 * `InvokeView.digest` gives it. Approve the digest the host showed its user when it has one.
 */
export async function approvalDigest(
  skill: Skill,
  skills: readonly Skill[],
  o: { fs?: FileSystem; projectDir: string; limits?: LoadLimits },
): Promise<string> {
  const { view, composed } = await readExpansion(skill, skills, o);
  return expansionDigest(trustParts(composed, view.imports, { trustProject: false }));
}

// Invocation expansion, in Claude Code's order: the base-folder line, arguments, variables, then
// shell injection. Shell sites are found in the body as written, so argument text can never make
// one; every piece of the body is expanded once and no output is scanned again.

import {
  type ArgumentRef,
  type ArgumentValues,
  appendArguments,
  argumentValues,
  hasArgumentPlaceholder,
  renderArguments,
} from './arguments.js';
import {
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_SHELL_TIMEOUT_MS,
  findShellSites,
  type RunOutcome,
  resolveShellProgram,
  runShellCommand,
  type ShellSite,
} from './shell.js';
import { type InvocationVariables, substituteVariables, variableEnv } from './variables.js';

/** One invocation of a skill, as the host knows it. */
export interface ExpandInput {
  /** The SKILL.md body (after the front matter). */
  body: string;
  skillDir: string;
  /** The raw argument string, as typed. */
  args?: string;
  /** Front matter `arguments:`, in order. */
  argumentNames?: readonly string[];
  sessionId: string;
  projectDir: string;
  /** Whether the skill's source may run shell (never for MCP or remote skills); the caller decides. */
  trusted: boolean;
  /** Why it is not trusted, for the placeholder (`it extends \`base\`, a project skill`). */
  untrustedBecause?: string;
  /** Host policy: `off` runs no shell for any skill (default `on`). */
  shell?: 'on' | 'off';
  /** Per command (default 10,000). */
  timeoutMs?: number;
  /** The skill's front-matter `shell`: `sh` (default), `bash`, or an absolute path. */
  shellProgram?: string;
  /** Cap on each command's captured output (default 65,536 bytes). */
  maxOutputBytes?: number;
  /** The environment commands start from (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
}

/** What happened at one shell site. */
export interface ExpandedCommand {
  /** The command as written in the body. */
  command: string;
  line: number;
  ran: boolean;
  exitCode?: number;
  ms?: number;
  /** Why it did not run. */
  reason?: string;
  /** Its output was cut at the cap. */
  truncated?: boolean;
}

/** A shell command that failed or timed out: the whole invocation is aborted. */
export interface ShellProblem {
  code: 'invoke/shell-failed' | 'invoke/shell-timeout';
  message: string;
  command: string;
  line: number;
  exitCode?: number;
  signal?: string;
  /** The start of its stderr. */
  stderr: string;
}

/** The expanded prompt text, or why the invocation was aborted. */
export type ExpandResult =
  | { ok: true; text: string; commands: ExpandedCommand[] }
  | { ok: false; problem: ShellProblem };

/** How much of a failed command's stderr a problem carries, in characters. */
export const STDERR_EXCERPT_CHARS = 1_000;

/** The text marking a shell site that was not run. */
export function notRunPlaceholder(reason: string, command: string): string {
  return `[shell command not run: ${reason}: ${command}]`;
}

// Which quotes are open at the end of `text`, read as POSIX sh (a best guess; see argumentRef).
function quoteState(text: string): 'none' | 'single' | 'double' {
  let state: 'none' | 'single' | 'double' = 'none';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (state === 'single') {
      if (ch === "'") state = 'none';
    } else if (ch === '\\') i++;
    else if (state === 'double') {
      if (ch === '"') state = 'none';
    } else if (ch === "'") state = 'single';
    else if (ch === '"') state = 'double';
  }
  return state;
}

function envName(ref: ArgumentRef): string {
  return ref === 'all' ? 'SKILLSET_ARGUMENTS' : `SKILLSET_ARG_${ref}`;
}

// An argument goes into a command as a quoted reference to an environment variable, never as
// text: the shell expands it but never parses it, so no argument can inject code, whatever quotes
// the command has open (a wrong guess costs word splitting or a literal name, not an injection).
function argumentRef(ref: ArgumentRef, before: string): string {
  const name = `\${${envName(ref)}}`;
  const state = quoteState(before);
  if (state === 'double') return name;
  if (state === 'single') return `'"${name}"'`;
  return `"${name}"`;
}

function argumentEnv(values: ArgumentValues): Record<string, string> {
  const env: Record<string, string> = { [envName('all')]: values.raw };
  values.list.forEach((value, i) => {
    env[envName(i)] = value;
  });
  return env;
}

function preview(command: string): string {
  const lines = command.split('\n');
  const first = lines[0] ?? '';
  if (first.length > 80) return `${first.slice(0, 79)}…`;
  return lines.length > 1 ? `${first} …` : first;
}

function problemFor(
  site: ShellSite,
  outcome: Exclude<RunOutcome, { kind: 'ok' }>,
  timeoutMs: number,
): ShellProblem {
  const where = `Shell command \`${preview(site.command)}\` (line ${site.line})`;
  const stderr = outcome.stderr.trim().slice(0, STDERR_EXCERPT_CHARS);
  const first = stderr.split('\n')[0] ?? '';
  const tail = first === '' ? '' : `: ${first}`;
  const base = { command: site.command, line: site.line, stderr };
  if (outcome.kind === 'timeout')
    return {
      ...base,
      code: 'invoke/shell-timeout',
      message: `${where} timed out after ${timeoutMs} ms; its process group was killed${tail}`,
      signal: outcome.signal,
    };
  if (outcome.exitCode !== undefined)
    return {
      ...base,
      code: 'invoke/shell-failed',
      message: `${where} exited with code ${outcome.exitCode}${tail}`,
      exitCode: outcome.exitCode,
    };
  if (outcome.signal !== undefined)
    return {
      ...base,
      code: 'invoke/shell-failed',
      message: `${where} was killed by ${outcome.signal}${tail}`,
      signal: outcome.signal,
    };
  return { ...base, code: 'invoke/shell-failed', message: `${where} could not start${tail}` };
}

/** Why the sites of this invocation may not run, or undefined when they may. */
function refusal(input: ExpandInput, program: string | undefined): string | undefined {
  if (input.shell === 'off') return 'shell is off by policy';
  if (!input.trusted)
    return input.untrustedBecause
      ? `untrusted source (${input.untrustedBecause})`
      : 'untrusted source';
  if (program === undefined) return `unsupported shell "${input.shellProgram}"`;
  return undefined;
}

/** Expand a skill body for one invocation; a failing or timed-out command aborts it. */
export async function expandSkill(input: ExpandInput): Promise<ExpandResult> {
  const names = input.argumentNames ?? [];
  const raw = input.args ?? '';
  const values = argumentValues(raw, names);
  const vars: InvocationVariables = {
    skillDir: input.skillDir,
    sessionId: input.sessionId,
    projectDir: input.projectDir,
  };
  const baseEnv = input.env ?? process.env;
  const program = resolveShellProgram(input.shellProgram, baseEnv);
  const refused = refusal(input, program);
  const timeoutMs = input.timeoutMs ?? DEFAULT_SHELL_TIMEOUT_MS;
  const maxOutputBytes = input.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  // A missing argument is an unset variable, whatever the host's environment holds under its name.
  const inherited = Object.entries(baseEnv).filter(([k]) => !k.startsWith('SKILLSET_ARG'));
  const env = { ...Object.fromEntries(inherited), ...variableEnv(vars), ...argumentEnv(values) };
  const prose = (text: string): string =>
    renderArguments(text, values, { literal: (t) => substituteVariables(t, vars) });

  const commands: ExpandedCommand[] = [];
  let out = '';
  let from = 0;
  for (const site of findShellSites(input.body)) {
    out += prose(input.body.slice(from, site.start));
    from = site.end;
    if (refused !== undefined || program === undefined) {
      const reason = refused ?? 'no shell';
      out += notRunPlaceholder(reason, site.command);
      commands.push({ command: site.command, line: site.line, ran: false, reason });
      continue;
    }
    // Variables reach the command through its environment; arguments as quoted references.
    const command = renderArguments(site.command, values, {
      value: (_v, ref, before) => argumentRef(ref, before),
    });
    const outcome = await runShellCommand(command, {
      program,
      cwd: input.projectDir,
      env,
      timeoutMs,
      maxOutputBytes,
    });
    if (outcome.kind !== 'ok') return { ok: false, problem: problemFor(site, outcome, timeoutMs) };
    const stdout = outcome.stdout.replace(/\n+$/, '');
    out += outcome.truncated ? `${stdout}\n[output truncated at ${maxOutputBytes} bytes]` : stdout;
    const ran: ExpandedCommand = {
      command: site.command,
      line: site.line,
      ran: true,
      ms: outcome.ms,
    };
    if (outcome.exitCode !== undefined) ran.exitCode = outcome.exitCode;
    if (outcome.truncated) ran.truncated = true;
    commands.push(ran);
  }
  out += prose(input.body.slice(from));
  if (!hasArgumentPlaceholder(input.body, names) && raw.trim() !== '')
    out = appendArguments(out, raw);
  return { ok: true, text: `Base directory for this skill: ${input.skillDir}\n\n${out}`, commands };
}

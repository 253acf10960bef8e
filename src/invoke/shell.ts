// Shell injection sites in a skill body (`` !`cmd` `` at line start or after whitespace, and
// ```` ```! ```` fenced blocks), and running one command: own process group, a timeout that kills
// the whole group, stdin empty, output capped.

import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** The default time a command may run, in milliseconds. */
export const DEFAULT_SHELL_TIMEOUT_MS = 10_000;

/** The default cap on a command's captured stdout (and stderr), in bytes. */
export const DEFAULT_MAX_OUTPUT_BYTES = 65_536;

/** One place in a body where a shell command's output goes. */
export interface ShellSite {
  kind: 'inline' | 'block';
  /** The command (a block's lines, without the fences). */
  command: string;
  /** Offsets of the whole site (`!` through the closing backtick or fence) in the body. */
  start: number;
  end: number;
  /** 1-based line and column of the site's first character. */
  line: number;
  column: number;
}

const BLOCK_OPEN = /^ {0,3}```!\s*$/;
const BLOCK_CLOSE = /^ {0,3}```\s*$/;
const INLINE = /!`([^`\n]+)`/g;

function inlineSites(text: string, offset: number, out: ShellSite[]): void {
  for (const m of text.matchAll(INLINE)) {
    const at = m.index;
    const before = at === 0 ? undefined : text[at - 1];
    // Only at line start or after whitespace: `KEY=!`cmd`` and `\!`cmd`` are text.
    if (before !== undefined && !/\s/.test(before)) continue;
    out.push({
      kind: 'inline',
      command: m[1] as string,
      start: offset + at,
      end: offset + at + m[0].length,
      line: 0,
      column: 0,
    });
  }
}

/** Every shell site in `body` as written, in order; an unclosed ```` ```! ```` fence is text. */
export function findShellSites(body: string): ShellSite[] {
  const sites: ShellSite[] = [];
  const lines = body.split('\n');
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  let textFrom = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!BLOCK_OPEN.test(lines[i] as string)) continue;
    let close = i + 1;
    while (close < lines.length && !BLOCK_CLOSE.test(lines[close] as string)) close++;
    if (close >= lines.length) break;
    const start = starts[i] as number;
    inlineSites(body.slice(textFrom, start), textFrom, sites);
    const end = (starts[close] as number) + (lines[close] as string).length;
    const command = lines.slice(i + 1, close).join('\n');
    sites.push({ kind: 'block', command, start, end, line: 0, column: 0 });
    textFrom = end;
    i = close;
  }
  inlineSites(body.slice(textFrom), textFrom, sites);
  // Lines and columns from offsets, once all sites are known.
  for (const site of sites) {
    let line = 0;
    while (line + 1 < starts.length && (starts[line + 1] as number) <= site.start) line++;
    site.line = line + 1;
    site.column = site.start - (starts[line] as number) + 1;
  }
  return sites;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The program for a skill's front-matter `shell`: `/bin/sh` by default, `bash` from PATH when
 * asked for and present (else `/bin/sh`), an absolute path when executable; otherwise undefined.
 */
export function resolveShellProgram(
  shell: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  if (shell === undefined || shell === 'sh') return '/bin/sh';
  if (shell === 'bash') {
    for (const dir of (env.PATH ?? '').split(path.delimiter)) {
      const file = path.join(dir || '.', 'bash');
      if (dir !== '' && executable(file)) return file;
    }
    return '/bin/sh';
  }
  return path.isAbsolute(shell) && executable(shell) ? shell : undefined;
}

/** How to run one command. */
export interface RunOptions {
  /** The shell, run as `<program> -c <command>`. */
  program: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs: number;
  maxOutputBytes: number;
}

/** What running one command gave. */
export type RunOutcome =
  | { kind: 'ok'; stdout: string; truncated: boolean; exitCode?: number; ms: number }
  | { kind: 'failed'; exitCode?: number; signal?: string; stderr: string; ms: number }
  | { kind: 'timeout'; signal: string; stderr: string; ms: number };

// Cut at `max` bytes without splitting a UTF-8 sequence.
function decode(chunks: readonly Buffer[], max: number): string {
  const all = Buffer.concat(chunks);
  if (all.length <= max) return all.toString('utf8');
  let end = max;
  while (end > 0 && ((all[end] as number) & 0xc0) === 0x80) end--;
  return all.subarray(0, end).toString('utf8');
}

/** Run `command` with `<program> -c`; never hangs: on timeout or overflow its process group is killed. */
export function runShellCommand(command: string, options: RunOptions): Promise<RunOutcome> {
  const began = performance.now();
  const elapsed = (): number => Math.round(performance.now() - began);
  return new Promise((resolve) => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let ended: 'timeout' | 'overflow' | undefined;
    let settled = false;
    const child = spawn(options.program, ['-c', command], {
      cwd: options.cwd,
      env: options.env,
      // stdin is a pipe closed at once, so a reading command sees end-of-file (not /dev/null, which
      // is not always the device it should be).
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group, so a timeout can kill everything the command started.
      detached: true,
    });
    const stop = (why: 'timeout' | 'overflow'): void => {
      if (ended !== undefined) return;
      ended = why;
      if (child.pid !== undefined)
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // The group is already gone.
        }
      child.stdout.destroy();
      child.stderr.destroy();
    };
    child.stdin.on('error', () => {});
    child.stdin.end();
    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const finish = (outcome: RunOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      out.push(chunk);
      outBytes += chunk.length;
      if (outBytes > options.maxOutputBytes) stop('overflow');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (errBytes <= options.maxOutputBytes) err.push(chunk);
      errBytes += chunk.length;
    });
    // The shell could not start (a missing program or working folder).
    child.on('error', (error: Error) =>
      finish({ kind: 'failed', stderr: error.message, ms: elapsed() }),
    );
    child.on('close', (code: number | null, signal: NodeJS.Signals | null) => {
      const stderr = decode(err, options.maxOutputBytes);
      const ms = elapsed();
      if (ended === 'timeout') finish({ kind: 'timeout', signal: 'SIGKILL', stderr, ms });
      else if (ended === 'overflow')
        finish({ kind: 'ok', stdout: decode(out, options.maxOutputBytes), truncated: true, ms });
      else if (code === 0)
        finish({
          kind: 'ok',
          stdout: decode(out, options.maxOutputBytes),
          truncated: false,
          exitCode: 0,
          ms,
        });
      else if (code !== null) finish({ kind: 'failed', exitCode: code, stderr, ms });
      else finish({ kind: 'failed', signal: signal ?? 'unknown', stderr, ms });
    });
  });
}

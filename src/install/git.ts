// The system `git`, run so that nothing from a source can act: no prompts (a missing credential is
// a failure, not a wait), no hooks, no submodules, a timeout on every call. Resolving a ref asks the
// remote (`ls-remote`); fetching takes that one commit, shallow, into a fresh repository.

import { spawn } from 'node:child_process';
import { SkillsetError } from '../errors.js';

/** How long one git call may take (default 60 s). */
export const GIT_TIMEOUT_MS = 60_000;

/** The environment every git call runs in: no prompt of any kind, no system or global config. */
function gitEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '/bin/false',
    SSH_ASKPASS: '/bin/false',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes -o ConnectTimeout=15',
    GIT_CONFIG_NOSYSTEM: '1',
    // Only transports that move data: never `ext::` (it runs a command) or a helper of the source's.
    GIT_ALLOW_PROTOCOL: 'file:git:http:https:ssh',
    GIT_CONFIG_GLOBAL: '/dev/null',
    LC_ALL: 'C',
  };
}

/** Options that keep a repository's own settings from acting: hooks, and file:// allowed for local sources. */
const SAFE = ['-c', 'core.hooksPath=/dev/null', '-c', 'protocol.file.allow=always'];

/** Run git; its stdout, or a `install/git-failed` error with git's last line. */
export function git(
  args: readonly string[],
  cwd?: string,
  timeoutMs = GIT_TIMEOUT_MS,
): Promise<string> {
  return new Promise((resolve, reject) => {
    // `spawn` (the only child_process export the CLI bundle has), with what execFile would add:
    // output bounded, a timeout that kills.
    const child = spawn('git', [...SAFE, ...args], {
      cwd,
      env: gitEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    const take = (into: Buffer[]) => (b: Buffer) => {
      size += b.length;
      if (size <= MAX_OUTPUT) into.push(b);
    };
    child.stdout.on('data', take(out));
    child.stderr.on('data', take(err));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        e.code === 'ENOENT'
          ? new SkillsetError('install/no-git', 'git is not installed or not on the PATH', {
              hint: 'Install git (apt-get install git), or add from a local folder.',
            })
          : new SkillsetError('install/git-failed', `git ${args[0]}: ${e.message}`),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && !timedOut) return resolve(Buffer.concat(out).toString('utf8'));
      const last = Buffer.concat(err).toString('utf8').trim().split('\n').filter(Boolean).pop();
      reject(
        new SkillsetError(
          'install/git-failed',
          timedOut
            ? `git ${args[0]} took longer than ${timeoutMs / 1000} s`
            : `git ${args[0]}: ${last ?? `exit ${code}`}`,
        ),
      );
    });
  });
}

/** The most output one git call keeps. */
const MAX_OUTPUT = 16 * 1024 * 1024;

const SHA = /^[0-9a-f]{40}$/;

/** Is `ref` a full commit id? */
export const isCommit = (ref: string): boolean => SHA.test(ref);

/**
 * The commit `ref` names at `url` (HEAD without one): a branch, a tag (peeled to its commit) or a
 * full commit id, which is taken as it is.
 */
export async function resolveRef(
  url: string,
  ref?: string,
): Promise<{ commit: string; ref: string }> {
  if (ref !== undefined && isCommit(ref)) return { commit: ref, ref };
  const out = await git(['ls-remote', '--', url, ...(ref ? [ref, `${ref}^{}`] : ['HEAD'])]);
  const refs = new Map<string, string>();
  for (const line of out.split('\n')) {
    const [sha, name] = line.split('\t');
    if (sha && name) refs.set(name, sha);
  }
  if (!ref) {
    const head = refs.get('HEAD');
    if (!head) throw noRef(url, 'HEAD');
    return { commit: head, ref: 'HEAD' };
  }
  // A tag is peeled to its commit; a branch of the same name wins over a tag, as git's own order has it.
  const commit =
    refs.get(`refs/heads/${ref}`) ??
    refs.get(`refs/tags/${ref}^{}`) ??
    refs.get(`refs/tags/${ref}`) ??
    refs.get(ref);
  if (!commit) throw noRef(url, ref);
  return { commit, ref };
}

const noRef = (url: string, ref: string) =>
  new SkillsetError('install/no-ref', `\`${ref}\` is not a branch or tag of ${url}`, {
    hint: 'Check the name, or give a full 40-character commit id.',
  });

/**
 * Fetch `commit` of `url` into a new repository at `dir` and check it out: one commit, shallow.
 * Servers that refuse a commit by id are asked for `ref`, and what comes back must be that commit.
 */
export async function fetchCommit(
  url: string,
  commit: string,
  ref: string,
  dir: string,
): Promise<void> {
  await git(['init', '-q', dir]);
  const fetch = (what: string) =>
    git([
      '-C',
      dir,
      'fetch',
      '-q',
      '--depth',
      '1',
      '--no-tags',
      '--no-recurse-submodules',
      '--',
      url,
      what,
    ]);
  try {
    await fetch(commit);
  } catch (e) {
    if (isCommit(ref) || ref === 'HEAD') throw e;
    await fetch(ref);
  }
  const got = (await git(['-C', dir, 'rev-parse', 'FETCH_HEAD'])).trim();
  if (got !== commit)
    throw new SkillsetError(
      'install/ref-moved',
      `\`${ref}\` of ${url} moved while it was fetched (now ${got.slice(0, 12)}, was ${commit.slice(0, 12)})`,
      { hint: 'Run the command again, or pin a commit id.' },
    );
  await git([
    '-C',
    dir,
    '-c',
    'advice.detachedHead=false',
    'checkout',
    '-q',
    '--detach',
    'FETCH_HEAD',
  ]);
}

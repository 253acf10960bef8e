// What the page's browser tests share: `skillset ui` started as a real process (the built CLI), and
// Debian's chromium driven by playwright-core.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { cliPath, repoRoot } from '../src/test-support/paths.js';

/** Where Debian puts chromium (`.ci/run` installs it when it is missing). */
export const CHROMIUM = process.env.SKILLSET_CHROMIUM ?? '/usr/bin/chromium';

/** Screenshots land here, for a person to look at. */
export const SHOTS = path.join(repoRoot, 'test-output', 'ui');

/** A running `skillset ui`. */
export interface RunningUi {
  url: string;
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Start `skillset ui ARGS…` and resolve once it printed its URL. */
export function startUi(args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunningUi> {
  const child = spawn(process.execPath, [cliPath, 'ui', '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      err += chunk;
      const m = /skillset ui: (http:\/\/\S+)/.exec(err);
      if (!m) return;
      const url = m[1] as string;
      resolve({
        url,
        base: url.replace(/\/\?token=.*$/, ''),
        child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`skillset ui exited ${code}: ${err}`)));
  });
}

/** Chromium, headless. */
export function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `No chromium at ${CHROMIUM}: install it (apt-get install chromium) or set SKILLSET_CHROMIUM`,
    );
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

/** The little of the DOM the predicates below read (the tests' type check has no DOM library). */
interface DomLike {
  document: {
    querySelector(s: string): { textContent: string | null } | null;
    querySelectorAll(s: string): { length: number };
  };
  location: { search: string };
}

/**
 * Wait until the element `selector` holds `text`. A function, not a string: the page's CSP forbids
 * evaluating strings, and playwright compiles a function outside it.
 */
export async function waitForText(
  page: Page,
  selector: string,
  text: string,
  timeout = 30_000,
): Promise<void> {
  await page.waitForFunction(
    ([sel, t]) =>
      (globalThis as unknown as DomLike).document
        .querySelector(sel as string)
        ?.textContent?.includes(t as string) === true,
    [selector, text],
    { timeout },
  );
}

/** Wait until `selector` matches `n` elements and the address's `q` is `query`. */
export async function waitForResults(
  page: Page,
  selector: string,
  n: number,
  query: string,
): Promise<void> {
  await page.waitForFunction(
    ([sel, count, q]) => {
      const w = globalThis as unknown as DomLike;
      return (
        w.document.querySelectorAll(sel as string).length === count &&
        new URLSearchParams(w.location.search).get('q') === q
      );
    },
    [selector, n, query] as const,
  );
}

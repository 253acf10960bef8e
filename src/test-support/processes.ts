// Real processes for the hostile tests: the built CLI run to its end under a hang guard, and the MCP
// server driven by the SDK's Client over a real stdio child process.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cliPath } from './paths.js';

/** What a CLI run gave. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A fresh folder under the system's temporary folder, by its real path. */
export function tempDir(prefix: string): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `skillset-${prefix}-`)));
}

/** Write `dir/SKILL.md` (making `dir`) from front matter lines and a body. */
export function writeSkill(dir: string, frontmatter: string, body: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'SKILL.md');
  fs.writeFileSync(file, `---\n${frontmatter.replace(/\n?$/, '\n')}---\n\n${body}`);
  return file;
}

/** Run `node ARGS` as its own process; killed after `guardMs` (a hang fails instead of stalling). */
export function runNode(
  args: readonly string[],
  o: { cwd?: string; env?: Record<string, string | undefined>; guardMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, args, {
      cwd: o.cwd ?? os.tmpdir(),
      env: { ...process.env, ...o.env },
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => p.kill('SIGKILL'), o.guardMs ?? 60_000);
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** Run the built CLI as its own process, under the same hang guard. */
export function runCli(
  args: readonly string[],
  o: { cwd?: string; env?: Record<string, string | undefined>; guardMs?: number } = {},
): Promise<CliRun> {
  return runNode([cliPath, ...args], o);
}

/** `skillset serve ARGS` over stdio, connected with the SDK's Client. */
export async function serveStdio(
  args: readonly string[],
  o: { cwd?: string; env?: Record<string, string | undefined> } = {},
): Promise<Client> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...o.env }))
    if (v !== undefined) env[k] = v;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, 'serve', ...args],
    env,
    cwd: o.cwd ?? os.tmpdir(),
    stderr: 'pipe',
  });
  const client = new Client({ name: 'skillset-hostile', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** Every text a tool result carries, joined (for asserting what reached the client). */
export function resultText(r: unknown): string {
  return JSON.stringify(r);
}

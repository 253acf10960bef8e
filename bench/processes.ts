// Child processes for the whole-process benchmark: run node synchronously, and the plain-Node baseline.

import { spawnSync } from 'node:child_process';

/** A plain-Node baseline: walk a folder with readdirSync, readFileSync every SKILL.md, print the count. */
export const BASELINE_SCRIPT = `import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
let count = 0;
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== '.git' && e.name !== 'node_modules') walk(p);
    } else if (e.isFile() && e.name === 'SKILL.md') {
      readFileSync(p);
      count++;
    }
  }
};
walk(process.argv[2]);
console.log(count);
`;

/** Run `node <args>` to completion and return its stdout; throws if it fails. */
export function runNode(args: readonly string[], env: NodeJS.ProcessEnv = process.env): string {
  const r = spawnSync(process.execPath, args, {
    env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  if (r.status !== 0)
    throw new Error(`node ${args.join(' ')} exited with ${r.status}: ${r.stderr.slice(0, 500)}`);
  return r.stdout;
}

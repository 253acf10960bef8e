#!/usr/bin/env node
// `node dist/cli/main.js`: the installed command (`skillset.cjs`, start.ts bundled) when the build
// made it, since an ES module entry costs a start several milliseconds more; else start.ts itself.

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const bundled = new URL('./skillset.cjs', import.meta.url);
if (existsSync(bundled)) createRequire(import.meta.url)(fileURLToPath(bundled));
else await import('./start.js');

// Starts `skillset`. The build bundles the CLI into one file, `program.cjs` beside this one, which
// runs with a code cache (src/util/code-cache.ts); it also bundles this starter itself as
// `skillset.cjs`, the installed command, so that a start loads no module one by one. Without the
// bundles (a build by tsc alone) the modules load as usual. Every way runs the same `main`
// (program.ts).

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBundle } from '../util/code-cache.js';

const here = path.dirname(fileURLToPath(import.meta.url));
void (
  runBundle(path.join(here, 'program.cjs'), process.argv) ??
  import('./program.js').then((m) => m.main(process.argv))
);

// Makes the built CLI executable (tsc does not keep file modes).
import { chmodSync } from 'node:fs';

chmodSync('dist/cli/main.js', 0o755);

// The audit operation: lint under the `security` profile (hidden Unicode, instructions aimed at the
// model, dangerous scripts, over-broad allowed-tools, links out, binaries). Its face sets the
// profile; the report, its formats and the exit codes are lint's.

import { lint } from './lint.js';
import { operation } from './operation.js';

/** Audit the library: lint's operation, run on settings whose profile is `security`. */
export const audit = operation({ ...lint, name: 'audit' });

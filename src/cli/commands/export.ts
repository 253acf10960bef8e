// `skillset export`: the library written out for another agent's conventions (docs/export.md).

import type { ExportTarget } from '../../export/types.js';
import { visibleLines } from '../../text/visible.js';
import { unwrap, writeJson, writeOut } from '../options.js';
import { type IndexCliOptions, service } from './search.js';

/** Options of `export`. */
export interface ExportCliOptions extends IndexCliOptions {
  target: ExportTarget;
  out: string;
  check?: boolean;
  force?: boolean;
  pointTo?: 'source' | 'agents-dir';
  alwaysApply?: boolean;
}

/** `skillset export --target T --out DIR [PATH…]`: 0 in sync, 1 drift or a refusal. */
export async function runExport(paths: string[], opts: ExportCliOptions): Promise<number> {
  const { formatExportResult, exportExitCode } = await import('../../export/format.js');
  const { service: s, done } = await service(paths, opts);
  const outcome = await s.export({
    target: opts.target,
    outDir: opts.out,
    ...(opts.check ? { check: true } : {}),
    ...(opts.force ? { force: true } : {}),
    ...(opts.pointTo ? { pointTo: opts.pointTo } : {}),
    ...(opts.alwaysApply ? { alwaysApply: true } : {}),
  });
  done();
  const result = unwrap(outcome, opts, { summariseLibrary: true });
  await (opts.json
    ? writeJson(result)
    : writeOut(formatExportResult(visibleLines(result), opts.check ? { check: true } : {})));
  return exportExitCode(result);
}

// `skillset build` and `skillset gloss-coverage`: thin faces over the service's tier calls.

import { visibleLines } from '../../text/visible.js';
import { unwrap, writeJson, writeOut } from '../options.js';
import { type IndexCliOptions, service } from './search.js';

/** Options of `build`. */
export interface BuildCliOptions extends IndexCliOptions {
  out: string;
  name?: string;
  domainsFrom?: 'path' | 'field';
  check?: boolean;
  measure?: boolean;
  force?: boolean;
}

/** `skillset build [PATH…] --out DIR`: 0 built (or in sync), 1 drift under --check or a file refused. */
export async function runBuild(paths: string[], opts: BuildCliOptions): Promise<number> {
  const { measureText } = await import('../../tier/format.js');
  const { service: s, done } = await service(paths, opts);
  const outcome = await s.build({
    out: opts.out,
    ...(opts.name ? { name: opts.name } : {}),
    ...(opts.domainsFrom ? { domainsFrom: opts.domainsFrom } : {}),
    ...(opts.check ? { check: true } : {}),
    ...(opts.measure ? { measure: true } : {}),
    ...(opts.force ? { force: true } : {}),
  });
  done();
  const built = unwrap(outcome, opts, { summariseLibrary: true });
  const r = opts.json ? built : visibleLines(built);
  const drift = r.drift
    ? r.drift.missing.length + r.drift.changed.length + r.drift.extra.length
    : 0;
  if (opts.json) await writeJson(r);
  else {
    const lines: string[] = r.refused.map((f) => `refused  ${f.path}: ${f.reason}`);
    if (r.measure) lines.push(measureText(r.measure).replace(/\n$/, ''));
    if (r.drift)
      lines.push(
        drift === 0
          ? `${r.out}: in step with a fresh build (${r.files.length} files)`
          : `${r.out} differs from a fresh build: ${[
              ...r.drift.missing.map((f) => `missing ${f}`),
              ...r.drift.changed.map((f) => `changed ${f}`),
              ...r.drift.extra.map((f) => `extra ${f}`),
            ].join('; ')}`,
      );
    if (!r.drift && !r.measure)
      lines.push(
        // The manifest is not one of the tier's files: the count is of those.
        `${r.out}: ${r.files.length} files, ${r.written.filter((f) => r.files.includes(f)).length} written${r.removed.length > 0 ? `, ${r.removed.length} removed` : ''}`,
      );
    await writeOut(`${lines.join('\n')}\n`);
  }
  return drift > 0 || r.refused.length > 0 ? 1 : 0;
}

/** `skillset gloss-coverage TERM [PATH…]`: 1 when any skill declares the term and clips it. */
export async function runGlossCoverage(
  term: string,
  paths: string[],
  opts: IndexCliOptions & { domain?: string; domainsFrom?: 'path' | 'field' },
): Promise<number> {
  const { coverageText } = await import('../../tier/format.js');
  const { service: s, done } = await service(paths, opts);
  const outcome = await s.glossCoverage(term, {
    ...(opts.domain ? { domain: opts.domain } : {}),
    ...(opts.domainsFrom ? { domainsFrom: opts.domainsFrom } : {}),
  });
  done();
  const r = unwrap(outcome, opts, { summariseLibrary: true });
  await (opts.json ? writeJson(r) : writeOut(coverageText(visibleLines(r))));
  return r.clipped.length > 0 ? 1 : 0;
}

// The operations that write the library out: export (another agent's conventions), build (a tier),
// and gloss-coverage beside build.

import { EXPORT_TARGETS } from '../agents/registry.js';
import type { BuildOptions, BuildReport } from '../core/service-tier.js';
import { exportExitCode, formatExportResult } from '../export/format.js';
import type { ExportOptions, ExportResult } from '../export/types.js';
import { visibleLines } from '../text/visible.js';
import type { GlossCoverage } from '../tier/coverage.js';
import { coverageText, measureText } from '../tier/format.js';
import { operation } from './operation.js';

/** The input of export. */
export type ExportInput = Omit<ExportOptions, 'fs'>;

/** Write the library out for another agent's conventions (docs/export.md): 1 on drift or a refusal. */
export const exportLibrary = operation<ExportInput, ExportResult>({
  name: 'export',
  input: (z) =>
    z.object({
      target: z.enum(EXPORT_TARGETS as unknown as [string, ...string[]]),
      outDir: z.string(),
      check: z.boolean().optional(),
      force: z.boolean().optional(),
      pointTo: z.enum(['source', 'agents-dir']).optional(),
      alwaysApply: z.boolean().optional(),
      agentsMdMaxBytes: z.number().int().min(0).optional(),
    }),
  run: ({ service }, input) => service.export(input),
  text: (r, input) => formatExportResult(visibleLines(r), input.check ? { check: true } : {}),
  exit: (r) => ({ code: exportExitCode(r) }),
});

const driftCount = (r: BuildReport): number =>
  r.drift ? r.drift.missing.length + r.drift.changed.length + r.drift.extra.length : 0;

function buildText(r: BuildReport): string {
  const drift = driftCount(r);
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
  return `${lines.join('\n')}\n`;
}

/** Build the library's tier (docs/tiers.md): 1 on drift under check, or a refusal. */
export const build = operation<BuildOptions, BuildReport>({
  name: 'build',
  input: (z) =>
    z.object({
      out: z.string(),
      name: z.string().optional(),
      domainsFrom: z.enum(['path', 'field']).optional(),
      check: z.boolean().optional(),
      measure: z.boolean().optional(),
      force: z.boolean().optional(),
    }),
  run: ({ service }, input) => service.build(input),
  text: (r) => buildText(visibleLines(r)),
  exit: (r) => ({ code: driftCount(r) > 0 || r.refused.length > 0 ? 1 : 0 }),
});

/** The input of gloss-coverage. */
export interface GlossInput {
  term: string;
  domain?: string;
  domainsFrom?: 'path' | 'field';
}

/** Which skills route on a term through their gloss, and which clip it: 1 when any clips it. */
export const glossCoverage = operation<GlossInput, GlossCoverage>({
  name: 'gloss-coverage',
  input: (z) =>
    z.object({
      term: z.string(),
      domain: z.string().optional(),
      domainsFrom: z.enum(['path', 'field']).optional(),
    }),
  run: ({ service }, { term, ...o }) => service.glossCoverage(term, o),
  text: (r) => coverageText(visibleLines(r)),
  exit: (r) => ({ code: r.clipped.length > 0 ? 1 : 0 }),
});

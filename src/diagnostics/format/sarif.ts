// The sarif format: a SARIF 2.1.0 log for code-scanning tools.

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { relativeInside } from '../../util/paths.js';
import { VERSION } from '../../version.js';
import { docPage, docUrl } from '../codes.js';
import type { DiagnosticReport } from '../report.js';

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/** A SARIF 2.1.0 log with one run; files under `cwd` are relative to `%SRCROOT%`. */
export function formatSarif(
  result: DiagnosticReport,
  options: { cwd?: string; rules?: ReadonlyMap<string, string> } = {},
): string {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const descriptions = options.rules ?? new Map<string, string>();
  const ruleCodes = new Set(descriptions.keys());
  const codes = [...new Set(result.diagnostics.map((d) => d.code))].sort();
  const index = new Map(codes.map((c, i) => [c, i]));
  const rules = codes.map((code) => ({
    id: code,
    shortDescription: { text: descriptions.get(code) ?? `skillset diagnostic ${code}` },
    helpUri: docUrl(code, ruleCodes),
    help: { text: `See ${docPage(code, ruleCodes)} in the skillset package.` },
  }));
  const results = result.diagnostics.map((d) => {
    const rel = relativeInside(cwd, d.file);
    const artifactLocation =
      rel !== undefined
        ? { uri: rel.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' }
        : { uri: pathToFileURL(d.file).href };
    const region: Record<string, number> = { startLine: d.start.line, startColumn: d.start.column };
    if (d.end) {
      region.endLine = d.end.line;
      region.endColumn = d.end.column;
    }
    return {
      ruleId: d.code,
      ruleIndex: index.get(d.code) as number,
      level: LEVEL[d.severity],
      message: { text: d.message },
      locations: [{ physicalLocation: { artifactLocation, region } }],
    };
  });
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'skillset', version: VERSION, rules } },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(`${cwd}${path.sep}`).href } },
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

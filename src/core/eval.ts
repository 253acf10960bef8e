// Evaluation as the service runs it: label files read and checked, a plain BM25 baseline measured
// beside search, runs compared, manifests of several libraries.

import nodeFs from 'node:fs';
import type { Catalog } from '../catalog/catalog.js';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { readSkillBody } from '../discover/body.js';
import { SkillsetError } from '../errors.js';
import { type Bm25Baseline, baselineDocs, openBaseline, scoreBaseline } from '../eval/baseline.js';
import {
  compareReports,
  type EvalRun,
  isEvalReport,
  labelsHash,
  parseLabels,
  passFigures,
} from '../eval/eval.js';
import { parseManifest } from '../eval/manifest.js';
import { evaluate } from '../eval/run.js';
import type { FileSystem } from '../files/fs.js';
import type { SkillIndex } from '../search/search.js';
import type { Skill } from '../skill/types.js';
import { attempt, type Outcome } from './outcome.js';
import type { EvalOptions } from './service.js';
import { resolveSettings, type SettingsInput } from './settings.js';

export type { EvalRun };

/** One scored set of a manifest run. */
export interface SetReport extends EvalRun {
  name: string;
  queriesFile: string;
  roots: string[];
  skills: number;
}

/** Read a file whole, or a problem naming it. */
function readFile(file: string, code: string): Buffer {
  try {
    return nodeFs.readFileSync(file);
  } catch (e) {
    throw new SkillsetError(
      code,
      `Cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}

/** A previous `eval --json` output, parsed. */
function readPrevious(file: string): unknown {
  const text = readFile(file, 'usage/missing-compare').toString('utf8');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new SkillsetError(
      'usage/bad-compare',
      `${file} is not an \`eval --json\` output: ${(e as Error).message}`,
    );
  }
}

/** An open index and the catalog it indexes (which says what skills there are). */
interface Library {
  index: SkillIndex;
  catalog: Pick<Catalog, 'skills'>;
}

/** The baseline over a catalog's skills, bodies read through `fs` as the index reads them. */
async function buildBaseline(
  skills: readonly Skill[],
  fs: FileSystem | undefined,
): Promise<Bm25Baseline> {
  const docs = await baselineDocs(
    skills,
    async (s) => (await readSkillBody(s, fs ? { fs } : {})).body,
  );
  return openBaseline(docs);
}

/**
 * Score `index` (over `catalog`) on a label file, and plain BM25 beside it unless `options.baseline`
 * is false; warnings for labels that name no skill go into `warnings`.
 */
export async function evalFile(
  index: SkillIndex,
  catalog: Pick<Catalog, 'skills'>,
  labelsFile: string,
  options: EvalOptions & { fs?: FileSystem } = {},
  warnings: Diagnostic[] = [],
): Promise<EvalRun> {
  const { compare } = options;
  const previous = compare === undefined ? undefined : readPrevious(compare);
  if (compare !== undefined && !isEvalReport(previous))
    throw new SkillsetError(
      'usage/bad-compare',
      `${compare} is not an \`eval --json\` output of one query file`,
    );
  let baseline: Bm25Baseline | undefined;
  try {
    const run = await scoreFile(
      { index, catalog },
      labelsFile,
      warnings,
      options.baseline === false
        ? undefined
        : async () => {
            baseline = await buildBaseline(catalog.skills, options.fs);
            return baseline;
          },
    );
    return isEvalReport(previous) ? { ...run, ...compareReports(previous, run) } : run;
  } finally {
    baseline?.close();
  }
}

/** Score a label file with a library's index, and with the baseline `getBaseline` gives when there is one. */
async function scoreFile(
  { index, catalog }: Library,
  labelsFile: string,
  warnings: Diagnostic[],
  getBaseline?: () => Promise<Bm25Baseline>,
): Promise<EvalRun> {
  const bytes = readFile(labelsFile, 'usage/missing-labels');
  const labels = parseLabels(bytes.toString('utf8'), labelsFile);
  const skills = catalog.skills;
  if (skills.length === 0)
    throw new SkillsetError(
      'eval/empty-catalog',
      `No skills were found to score ${labelsFile} against`,
      { hint: 'Pass the folders that hold the library the labels were written for.' },
    );
  const known = new Set<string>();
  for (const s of skills) known.add(s.name).add(s.id);
  // Each name no skill has, with how often it is used and the line it is first used on.
  const unknown = new Map<string, { count: number; line: number }>();
  for (const l of labels)
    for (const n of [...l.expected, ...(l.acceptable ?? [])]) {
      if (known.has(n)) continue;
      const u = unknown.get(n);
      if (u) u.count++;
      else unknown.set(n, { count: 1, line: l.line ?? 1 });
    }
  for (const [n, { count, line }] of [...unknown].sort(([, a], [, b]) => a.line - b.line))
    warnings.push(
      diagnostic(
        'eval/unknown-label',
        'warning',
        labelsFile,
        `\`${n}\` (labelled ${count} time${count === 1 ? '' : 's'}) names no skill in this library; those queries cannot be hit`,
        { start: { line, column: 1 }, data: { name: n, count } },
      ),
    );
  const hash = labelsHash(bytes);
  const run: EvalRun = await evaluate(index.search, labels, hash);
  if (index.settings.semantic) {
    const pass = async (semanticWeight: number) =>
      passFigures(
        await evaluate((q, o) => index.search(q, { ...o, semanticWeight }), labels, hash),
      );
    run.passes = { lexical: await pass(0), semantic: await pass(1) };
  }
  return getBaseline ? { ...run, baseline: await scoreBaseline(await getBaseline(), labels) } : run;
}

/** A manifest's earlier `--json` output to compare with, checked, or undefined without one. */
function previousSets(compare: string | undefined): SetReport[] | undefined {
  if (compare === undefined) return undefined;
  const previous = readPrevious(compare) as { sets?: unknown };
  if (
    !(
      Array.isArray(previous?.sets) &&
      previous.sets.every((x) => isEvalReport(x) && typeof (x as SetReport).name === 'string')
    )
  )
    throw new SkillsetError(
      'usage/bad-compare',
      `${compare} is not an \`eval --manifest --json\` output`,
    );
  return previous.sets as SetReport[];
}

/** One library's index, open for the sets over it. */
interface OpenLibrary extends Library {
  key: string;
  fs: FileSystem;
  close: () => void;
}

/** Open the index of a set's library; one line says how many problems the library has, if any. */
async function openLibrary(
  set: { name: string; roots: string[] },
  input: SettingsInput,
  manifestFile: string,
  diagnostics: Diagnostic[],
): Promise<OpenLibrary> {
  const { createService } = await import('./service.js');
  const service = await createService(await resolveSettings({ ...input, roots: set.roots }));
  const index = await service.openIndex();
  if (!index.ok) throw new SkillsetError(index.problem.code, index.problem.message);
  // The catalog the index was opened from (discovery runs once per service).
  const catalog = await service.catalog();
  if (!catalog.ok) throw new SkillsetError(catalog.problem.code, catalog.problem.message);
  // One line per library, not every diagnostic of every library: lint lists them.
  const d = index.diagnostics.filter((x) => x.severity !== 'info');
  const errors = d.filter((x) => x.severity === 'error').length;
  if (d.length > 0)
    diagnostics.push(
      diagnostic(
        'eval/library-diagnostics',
        'warning',
        set.roots[0] ?? manifestFile,
        `${set.name}: ${errors} error${errors === 1 ? '' : 's'}, ${d.length - errors} warning${d.length - errors === 1 ? '' : 's'} in the library (skillset lint ${set.roots.join(' ')} lists them)`,
        { data: { set: set.name, errors, warnings: d.length - errors } },
      ),
    );
  return {
    key: set.roots.join('\0'),
    index: index.value,
    catalog: catalog.value,
    fs: service.settings.fs,
    close: () => service.close(),
  };
}

/**
 * Every set of a manifest, each against its own library: one report per set. Consecutive sets over
 * the same library share one opened index; only one is open at a time. The baseline (unless
 * `options.baseline` is false) is built once per library.
 */
export async function evalManifest(
  manifestFile: string,
  input: SettingsInput,
  compare?: string,
  options: { baseline?: boolean } = {},
): Promise<Outcome<{ sets: SetReport[] }>> {
  const diagnostics: Diagnostic[] = [];
  return attempt(diagnostics, async () => {
    const sets = parseManifest(
      readFile(manifestFile, 'usage/missing-manifest').toString('utf8'),
      manifestFile,
    );
    const previous = previousSets(compare);
    const reports: SetReport[] = [];
    let opened: OpenLibrary | undefined;
    const baselines = new Map<string, Bm25Baseline>();
    // The baseline of the open library, built on first need.
    const baseline = async (library: OpenLibrary): Promise<Bm25Baseline> => {
      let b = baselines.get(library.key);
      if (!b) {
        b = await buildBaseline(library.catalog.skills, library.fs);
        baselines.set(library.key, b);
      }
      return b;
    };
    try {
      for (const set of sets) {
        if (opened?.key !== set.roots.join('\0')) {
          opened?.close();
          opened = await openLibrary(set, input, manifestFile, diagnostics);
        }
        const library = opened;
        const before = previous?.find((p) => p.name === set.name);
        const run = await scoreFile(
          library,
          set.queries,
          diagnostics,
          options.baseline === false ? undefined : () => baseline(library),
        );
        reports.push({
          name: set.name,
          queriesFile: set.queries,
          roots: set.roots,
          skills: library.catalog.skills.length,
          ...run,
          ...(before ? compareReports(before, run) : {}),
        });
      }
    } finally {
      opened?.close();
      for (const b of baselines.values()) b.close();
    }
    return { sets: reports };
  });
}

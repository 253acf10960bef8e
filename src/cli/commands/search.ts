// `skillset index`, `skillset search` and `skillset eval`: thin faces over the service.

import { createService, type SkillService } from '../../core/service.js';
import { SkillsetError } from '../../errors.js';
import { diffText, evalText, manifestText } from '../../eval/format.js';
import { searchText } from '../../search/format.js';
import { visibleLines } from '../../text/visible.js';
import {
  type SkillCliOptions,
  settingsInput,
  unwrap,
  writeErr,
  writeJson,
  writeOut,
} from '../options.js';

/** Options shared by the index-reading commands. */
export interface IndexCliOptions extends SkillCliOptions {
  index?: string;
  config?: string;
}

/** A progress line on stderr for large updates, redrawn at most ten times a second, and cleared after. */
function indexProgress(): { show: (done: number, total: number) => void; clear: () => void } {
  let last = 0;
  let shown = false;
  return {
    show: (done, total) => {
      if (total < 500) return;
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      shown = true;
      process.stderr.write(
        `\r\x1b[Kindexing ${done.toLocaleString('en')} of ${total.toLocaleString('en')} skills`,
      );
    },
    clear: () => {
      if (shown) process.stderr.write('\r\x1b[K');
    },
  };
}

/** A service whose index shows progress on a terminal (never under --json or --quiet). */
export async function service(
  paths: readonly string[],
  opts: IndexCliOptions,
): Promise<{ service: SkillService; done: () => void }> {
  // Asked last: the first look at process.stderr makes its stream.
  const progress =
    !opts.json && !opts.quiet && process.stderr.isTTY === true ? indexProgress() : undefined;
  // A wait for another process's update may be long: one line says so, lest it look like a hang.
  let waiting = false;
  const onBusy = () => {
    if (waiting || opts.quiet) return;
    waiting = true;
    writeErr('skillset: another process is updating the index; waiting for it\n');
  };
  const s = await createService(settingsInput(paths, opts), {
    onBusy,
    ...(progress ? { onProgress: progress.show } : {}),
  });
  return {
    service: s,
    done: () => {
      progress?.clear();
      s.close();
    },
  };
}

/** `skillset index PATH…`: build or update the index; prints what changed. */
export async function runIndex(paths: string[], opts: IndexCliOptions): Promise<number> {
  const { service: s, done } = await service(paths, opts);
  const outcome = await s.index();
  done();
  const out = unwrap(outcome, opts, { summariseLibrary: true });
  await (opts.json
    ? writeJson(out)
    : writeOut(
        `Indexed ${out.skills} skills: ${out.added} added, ${out.changed} changed, ${out.removed} removed, ${out.unchanged} unchanged (${out.ms} ms)${out.file === ':memory:' ? '; in memory only, nothing was saved' : ''}\n`,
      ));
  return 0;
}

/** `skillset search QUERY [PATH…]`. */
export async function runSearch(
  query: string,
  paths: string[],
  opts: IndexCliOptions & { limit: number; explain?: boolean },
): Promise<number> {
  const { service: s, done } = await service(paths, opts);
  const outcome = await s.search(query, { limit: opts.limit, explain: opts.explain === true });
  done();
  const result = unwrap(outcome, opts, { summariseLibrary: true });
  await (opts.json
    ? writeJson(result)
    : writeOut(searchText(visibleLines(query), visibleLines(result))));
  return 0;
}

/** `skillset eval QUERIES.jsonl [PATH…]` or `skillset eval --manifest FILE`. */
export async function runEval(
  file: string | undefined,
  paths: string[],
  opts: IndexCliOptions & { compare?: string; manifest?: string; baseline?: boolean },
): Promise<number> {
  if (opts.manifest !== undefined) {
    if (file !== undefined || paths.length > 0)
      throw new SkillsetError(
        'usage/manifest-and-queries',
        'Pass either a manifest (--manifest) or a query file with its roots, not both',
      );
    return runManifest(opts.manifest, opts);
  }
  if (file === undefined)
    throw new SkillsetError(
      'usage/missing-labels',
      'Name a query file (JSONL), or a manifest with --manifest',
      {
        hint: 'skillset eval QUERIES.jsonl PATH…   or   skillset eval --manifest sets.json',
      },
    );
  const { service: s, done } = await service(paths, opts);
  const outcome = await s.eval(file, {
    ...(opts.compare !== undefined ? { compare: opts.compare } : {}),
    baseline: opts.baseline !== false,
  });
  done();
  const run = unwrap(outcome, opts, { summariseLibrary: true });
  if (opts.json) {
    await writeJson(run);
    return 0;
  }
  const shown = visibleLines(run);
  const lines = [evalText(shown)];
  if (shown.regressions && shown.improvements && opts.compare)
    lines.push('', ...diffText(opts.compare, shown));
  await writeOut(`${lines.join('\n')}\n`);
  return 0;
}

/** Every set of a manifest, each against its own library: a summary table, or JSON with every report. */
async function runManifest(
  file: string,
  opts: IndexCliOptions & { compare?: string; baseline?: boolean },
): Promise<number> {
  // Loaded here: index and search never pay for the evaluation's modules.
  const { evalManifest } = await import('../../core/eval.js');
  const { sets: reports } = unwrap(
    await evalManifest(file, settingsInput([], { ...opts, dir: [] }), opts.compare, {
      baseline: opts.baseline !== false,
    }),
    { ...opts, verbose: false },
  );
  if (opts.json) {
    await writeJson({ sets: reports });
    return 0;
  }
  const shown = visibleLines(reports);
  const lines = [manifestText(shown)];
  for (const r of shown)
    if (r.regressions && r.improvements)
      lines.push('', `${r.name}:`, ...diffText(opts.compare as string, r));
  await writeOut(`${lines.join('\n')}\n`);
  return 0;
}

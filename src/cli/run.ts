// Run an operation from the command line: its face turns the flags into input and settings, the
// service runs it, and the View goes out as JSON or as the operation's text; the exit code is the
// operation's. The one way every command but `serve` runs.

import type { Command } from 'commander';
import type { Outcome } from '../core/outcome.js';
import { createService, type SkillService } from '../core/service.js';
import type { SettingsInput } from '../core/settings.js';
import { SkillsetError } from '../errors.js';
import { type AnyOperation, USER } from '../ops/operation.js';
import type { OperationEntry } from '../ops/table.js';
import type { CliFace, FaceInput, ReportMode } from './face.js';
import {
  reportFor,
  reportProblem,
  type SkillCliOptions,
  settingsInput,
  writeErr,
  writeJson,
  writeOut,
} from './options.js';

/** Options shared by the index-reading commands. */
export interface IndexCliOptions extends SkillCliOptions {
  index?: string;
  config?: string;
}

/** A progress line on stderr for large updates, redrawn at most ten times a second, and cleared after. */
function indexProgress(): {
  show: (done: number, total: number, what?: string) => void;
  clear: () => void;
} {
  let last = 0;
  let shown = false;
  return {
    show: (done, total, what) => {
      // Indexing a small library takes no time worth a line; the semantic pass's work does.
      if (what === undefined && total < 500) return;
      const now = Date.now();
      if (now - last < 100 && done > 0 && done < total) return;
      last = now;
      shown = true;
      const n = (x: number) => x.toLocaleString('en');
      process.stderr.write(
        `\r\x1b[K${what ?? 'indexing'}${done > 0 ? ` ${n(done)} of` : ''} ${n(total)} skills`,
      );
    },
    clear: () => {
      if (shown) process.stderr.write('\r\x1b[K');
    },
  };
}

/** A service whose index shows progress on a terminal (never under --json or --quiet). */
async function openService(
  input: SettingsInput,
  opts: SkillCliOptions,
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
  const s = await createService(input, {
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

/** How the unwrapping reports diagnostics for each mode. */
function reportHow(mode: ReportMode, opts: SkillCliOptions) {
  if (mode === 'errors') return { opts: { ...opts, verbose: false }, how: {} };
  return { opts, how: mode === 'library' ? { summariseLibrary: true } : {} };
}

/** Run `op` on a service made from the command line's settings, closed after. */
async function runWithService(
  op: AnyOperation,
  face: CliFace,
  parsed: FaceInput,
  operands: readonly unknown[],
  opts: IndexCliOptions,
): Promise<Outcome<unknown>> {
  const settings: SettingsInput = { ...settingsInput(parsed.paths, opts), ...parsed.settings };
  const { service, done } = await openService(settings, opts).catch((e: unknown) => {
    throw e instanceof SkillsetError && face.settingsProblem
      ? face.settingsProblem(e, operands)
      : e;
  });
  try {
    return await op.run({ service, caller: USER, settingsInput: settings }, parsed.input);
  } finally {
    done();
  }
}

/** Run `entry` with the arguments commander gives an action (operands, then flags, then the command). */
export async function runOperation(
  entry: OperationEntry,
  face: CliFace,
  args: unknown[],
): Promise<number> {
  const cmd = args.at(-1) as Command;
  const opts = args.at(-2) as IndexCliOptions;
  const operands = args.slice(0, -2);
  const parsed = face.input(operands, opts, cmd);
  const op = await entry.load();
  const outcome =
    op.alone?.(parsed.input) ?? (await runWithService(op, face, parsed, operands, opts));
  // A problem is the one thing to say: the library's diagnostics would bury it.
  if (!outcome.ok) {
    reportProblem(outcome.problem, opts.json === true);
    return 2;
  }
  const mode = typeof face.report === 'function' ? face.report(parsed) : (face.report ?? 'library');
  const r = reportHow(mode, opts);
  reportFor(outcome.diagnostics, r.opts, r.how);
  const view = outcome.value;
  if (opts.json) await (op.json ? writeOut(op.json(view, parsed.input), 'json') : writeJson(view));
  else
    await writeOut(
      op.text(view, parsed.input, outcome.diagnostics),
      op.form?.(parsed.input) ?? 'text',
    );
  const exit = op.exit?.(view, parsed.input) ?? { code: 0 };
  if (exit.say && !opts.quiet) writeErr(`skillset: ${exit.say}\n`);
  return exit.code;
}

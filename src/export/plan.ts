// The pure planner: the files a target wants, what is in the out folder and what the manifest says we wrote → what to do.

import { sha256 } from './manifest.js';
import type { DesiredFile, ExistingFile, Refusal } from './types.js';

/** What planExport needs. */
export interface PlanInput {
  /** The files the target wants. */
  desired: readonly DesiredFile[];
  /** What is at each desired or recorded path now; absent when nothing is. */
  existing: ReadonlyMap<string, ExistingFile>;
  /** The manifest's files for this target: path → hash of what we wrote. */
  recorded: Readonly<Record<string, string>>;
  force: boolean;
  /** Folders (path prefixes) whose recorded files are kept as they are: a source read in place, or unreadable this run. */
  keep?: readonly string[];
}

/** What to do, and the target's manifest entries once it is done. */
export interface ExportPlan {
  /** Files to write; `modeOnly` when only the executable bit differs. */
  write: Array<DesiredFile & { modeOnly?: boolean }>;
  unchanged: string[];
  /** Files we wrote for skills that are gone. */
  remove: string[];
  refused: Refusal[];
  /** The target's manifest entries after the plan is carried out. */
  files: Record<string, string>;
}

const NOT_OURS = 'not written by skillset export; --force overwrites it';
const EDITED = 'edited since skillset exported it; --force overwrites it';

const byPath = (a: { path: string }, b: { path: string }): number =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

/**
 * Plan one target. A file is ours when the manifest records it and its bytes still hash as
 * recorded; ours are rewritten and removed freely, any other file only with `force`. A file already
 * as wanted is unchanged (and recorded as ours). AGENTS.md is shared: the splice kept its owner's
 * bytes, so it is written whenever it differs, but never through a link or over a folder.
 */
export function planExport(input: PlanInput): ExportPlan {
  const plan: ExportPlan = { write: [], unchanged: [], remove: [], refused: [], files: {} };
  const wanted = new Set<string>();
  for (const d of [...input.desired].sort(byPath)) {
    wanted.add(d.path);
    const want = sha256(d.bytes);
    const e = input.existing.get(d.path);
    const recorded = input.recorded[d.path];
    if (e === undefined) {
      plan.write.push(d);
      plan.files[d.path] = want;
      continue;
    }
    if (e.kind === 'other') {
      if (e.what === 'link' && input.force && !d.shared) {
        plan.write.push(d);
        plan.files[d.path] = want;
      } else
        plan.refused.push({
          path: d.path,
          reason:
            e.what === 'link' && !d.shared
              ? `is a link; ${NOT_OURS}`
              : `is a ${e.what}, not a file skillset can write`,
        });
      continue;
    }
    const have = sha256(e.bytes);
    if (have === want) {
      if (d.executable !== undefined && d.executable !== e.executable)
        plan.write.push({ ...d, modeOnly: true });
      else plan.unchanged.push(d.path);
      plan.files[d.path] = want;
    } else if (d.shared || recorded === have || input.force) {
      plan.write.push(d);
      plan.files[d.path] = want;
    } else {
      plan.refused.push({ path: d.path, reason: recorded === undefined ? NOT_OURS : EDITED });
      if (recorded !== undefined) plan.files[d.path] = recorded;
    }
  }
  for (const [p, recorded] of Object.entries(input.recorded).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  )) {
    if (wanted.has(p)) continue;
    if (input.keep?.some((k) => p.startsWith(`${k}/`))) {
      plan.files[p] = recorded;
      continue;
    }
    const e = input.existing.get(p);
    if (e === undefined) continue;
    if (e.kind === 'other')
      plan.refused.push({ path: p, reason: `is a ${e.what} now; left alone` });
    else if (sha256(e.bytes) === recorded || input.force) plan.remove.push(p);
    else {
      plan.refused.push({
        path: p,
        reason: `${EDITED.split(';')[0]}; not removed (--force removes it)`,
      });
      plan.files[p] = recorded;
    }
  }
  return plan;
}

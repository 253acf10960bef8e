// The service's tier calls (S10, docs/tiers.md): build the routers and rosters of a library into a
// folder (or check one against a fresh build, or measure it), and say which skills route on a term.

import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { readSkillBody } from '../discover/body.js';
import type { DiscoverResult } from '../discover/discover.js';
import { SkillsetError } from '../errors.js';
import { statIfThere } from '../export/fs.js';
import { sha256, tierKey } from '../export/manifest.js';
import { readManifest, type SyncResult, syncFiles } from '../export/sync.js';
import type { Refusal } from '../export/types.js';
import type { FileSystem } from '../files/fs.js';
import {
  buildTier,
  type DomainStrategy,
  GENERATED,
  type GlossCoverage,
  glossCoverage,
  measureTier,
  type TierDrift,
  type TierMeasure,
} from '../tier/index.js';
import { attempt, type Outcome } from './outcome.js';
import type { Settings } from './settings.js';

/** What `build` does: write the tier, check it, or measure it. */
export interface BuildOptions {
  /** The skills folder the tier's skills are written into (`.claude/skills`, say). */
  out: string;
  /** The tier's name: its entry router, and the prefix of its domain routers (default: the library's folder name). */
  name?: string;
  domainsFrom?: 'path' | 'field';
  check?: boolean;
  measure?: boolean;
  /** Overwrite or remove tier files skillset did not write, or that were edited since. */
  force?: boolean;
}

/** What `build` did. */
export interface BuildReport {
  out: string;
  files: string[];
  /** Files written, the manifest `.skillset-export.json` included (none under `check` or `measure`). */
  written: string[];
  /** Files of domains that are gone, removed (none under `check` or `measure`). */
  removed: string[];
  /** Files not written by skillset (or edited since) that were left alone; `force` overwrites them. */
  refused: Refusal[];
  /** Under `check`: how the folder differs from a fresh build. */
  drift?: TierDrift;
  measure?: TierMeasure;
}

/** The tier calls. */
export interface TierCalls {
  /** Build the library's tier into `out` (docs/tiers.md). */
  build(options: BuildOptions): Promise<Outcome<BuildReport>>;
  /** Which skills route on `term` through their gloss, and which clip it. */
  glossCoverage(
    term: string,
    options?: { domain?: string; domainsFrom?: 'path' | 'field' },
  ): Promise<Outcome<GlossCoverage>>;
}

/** A tier file's text, when it is a regular file (never a blocking read of a FIFO in its place). */
async function safeRead(fs: FileSystem, file: string): Promise<string | undefined> {
  const r = await fs.readFile(file, 16 * 1024 * 1024).catch(() => undefined);
  return r?.ok ? r.bytes.toString('utf8') : undefined;
}

/**
 * A tier's files found in `dir` that carry the generated line: taken as skillset's when the manifest
 * has no entry for the tier yet (a tier built before the manifest), path → hash.
 */
async function adoptTier(
  fs: FileSystem,
  dir: string,
  name: string,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const folders = await fs.readdir(dir).catch(() => []);
  for (const f of folders) {
    if (f.kind !== 'dir' || (f.name !== name && !f.name.startsWith(`${name}-`))) continue;
    for (const rel of ['SKILL.md', 'references/skill-index.md']) {
      const r = await safeRead(fs, path.join(dir, f.name, ...rel.split('/')));
      if (r?.includes(GENERATED)) out[`${f.name}/${rel}`] = sha256(Buffer.from(r));
    }
  }
  return out;
}

/** A sync's drift as the tier reports it: missing, changed (or refused) and extra files. */
function tierDrift(files: readonly string[], r: SyncResult): TierDrift {
  const wanted = new Set(files);
  const missing = new Set(r.missing);
  return {
    missing: r.missing,
    changed: r.drift.filter((p) => wanted.has(p) && !missing.has(p)),
    extra: r.drift.filter((p) => !wanted.has(p)),
  };
}

/** Write the tier's files into `out` through export's plan and manifest (or, with `check`, compare). */
async function syncTier(
  fs: FileSystem,
  out: string,
  name: string,
  files: ReadonlyArray<{ path: string; text: string }>,
  o: BuildOptions,
  report: BuildReport,
): Promise<BuildReport> {
  const force = o.force === true;
  const warnings: string[] = [];
  const st = await statIfThere(fs, out);
  if (st !== undefined && st.kind !== 'dir') throw writeFailed(out, 'ENOTDIR');
  const manifest = await readManifest(fs, out, force, warnings);
  const key = tierKey(name);
  const synced = await syncFiles(
    fs,
    out,
    {
      key,
      base: '',
      rendered: {
        desired: files.map((f) => ({ path: f.path, bytes: Buffer.from(f.text) })),
        refused: [],
        keep: [],
      },
      check: o.check === true,
      force,
      ...(manifest.manifest.targets[key] ? {} : { adopted: await adoptTier(fs, out, name) }),
    },
    manifest,
  ).catch((e: unknown) => {
    if (e instanceof SkillsetError && e.code === 'export/write-failed')
      throw writeFailed(out, (e.cause as NodeJS.ErrnoException)?.code ?? e.message);
    throw e;
  });
  report.refused = synced.refused;
  if (o.check) report.drift = tierDrift(report.files, synced);
  else {
    report.written = synced.written;
    report.removed = synced.removed;
  }
  return report;
}

function writeFailed(out: string, why: string): SkillsetError {
  return new SkillsetError('tier/write-failed', `Cannot write the tier into ${out} (${why})`, {
    hint: 'Check that --out is a folder you can write.',
  });
}

/** A tier's default name: the library folder's, or its parent's when that is just `skills`. */
function defaultName(roots: readonly { path: string }[], out: string): string {
  const root = roots[0]?.path ?? out;
  const base = path.basename(root);
  const name = base === 'skills' ? path.basename(path.dirname(root)) : base;
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'library'
  );
}

/** The tier calls over a service's settings and catalog. */
export function tierCalls(
  settings: Settings,
  discovered: () => Promise<DiscoverResult>,
  seen: (d: DiscoverResult) => Diagnostic[],
): TierCalls {
  return {
    async build(o) {
      const d = await discovered();
      return attempt(seen(d), async () => {
        const out = path.resolve(settings.cwd, o.out);
        const name = o.name ?? defaultName(d.roots, out);
        const options = {
          domainOf: (o.domainsFrom ?? 'path') as DomainStrategy,
          library: name,
          // From the router's folder: paths in a skill are relative to its folder (docs/tiers.md).
          pathOf: (s: { path: string }, folder: string) =>
            path.relative(path.join(out, folder), s.path).split(path.sep).join('/'),
        };
        const files = buildTier(d.skills, options);
        const report: BuildReport = {
          out,
          files: files.map((f) => f.path),
          written: [],
          removed: [],
          refused: [],
        };
        if (o.measure) report.measure = measureTier(d.skills, options);
        if (o.measure && !o.check) return report;
        return syncTier(settings.fs, out, name, files, o, report);
      });
    },
    async glossCoverage(term, o = {}) {
      const d = await discovered();
      return attempt(seen(d), async () => {
        const bodies = new Map<string, string>();
        for (const s of d.skills) {
          const b = await readSkillBody(s, { fs: settings.fs }).catch(() => undefined);
          if (b) bodies.set(s.id, b.body);
        }
        return glossCoverage(d.skills, term, {
          ...(o.domain ? { domain: o.domain } : {}),
          domainOf: (o.domainsFrom ?? 'path') as DomainStrategy,
          bodyOf: (s) => bodies.get((s as { id: string }).id),
        });
      });
    },
  };
}

// The service's tier calls (S10, docs/tiers.md): build the routers and rosters of a library into a
// folder (or check one against a fresh build, or measure it), and say which skills route on a term.

import nodeFs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { readSkillBody } from '../discover/body.js';
import type { DiscoverResult } from '../discover/discover.js';
import { SkillsetError } from '../errors.js';
import {
  buildTier,
  type DomainStrategy,
  type GlossCoverage,
  glossCoverage,
  measureTier,
  type TierDrift,
  type TierMeasure,
  tierDrift,
} from '../tier/index.js';
import { makeDirs, writeFileAtomically } from '../util/dirs.js';
import { readRegularFile } from '../util/read-regular.js';
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
}

/** What `build` did. */
export interface BuildReport {
  out: string;
  files: string[];
  /** Files written (none under `check` or `measure`). */
  written: string[];
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
function safeRead(file: string): string | undefined {
  try {
    const r = readRegularFile(file, 16 * 1024 * 1024);
    return r.ok ? r.text : undefined;
  } catch {
    return undefined;
  }
}

/** The tier's files found in `dir`: its entry router's and its domain routers' folders only. */
function readTier(dir: string, name: string): Map<string, string> {
  const out = new Map<string, string>();
  let folders: nodeFs.Dirent[];
  try {
    folders = nodeFs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const f of folders) {
    if (!f.isDirectory() || (f.name !== name && !f.name.startsWith(`${name}-`))) continue;
    for (const rel of ['SKILL.md', 'references/skill-index.md']) {
      const r = safeRead(path.join(dir, f.name, ...rel.split('/')));
      if (r !== undefined) out.set(`${f.name}/${rel}`, r);
    }
  }
  return out;
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
      return attempt(seen(d), () => {
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
        const report: BuildReport = { out, files: files.map((f) => f.path), written: [] };
        if (o.measure) report.measure = measureTier(d.skills, options);
        if (o.check) report.drift = tierDrift(files, readTier(out, name));
        if (o.check || o.measure) return report;
        try {
          for (const f of files) {
            const file = path.join(out, ...f.path.split('/'));
            const now = safeRead(file);
            if (now === f.text) continue;
            makeDirs(path.dirname(file));
            writeFileAtomically(file, f.text);
            report.written.push(f.path);
          }
        } catch (e) {
          throw new SkillsetError(
            'tier/write-failed',
            `Cannot write the tier into ${out} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
            {
              hint: 'Check that --out is a folder you can write.',
            },
          );
        }
        return report;
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

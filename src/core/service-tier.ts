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
import { attempt, type Outcome } from './outcome.js';
import type { Settings } from './settings.js';

/** What `build` does: write the tier, check it, or measure it. */
export interface BuildOptions {
  out: string;
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

/** The files below `dir` that a tier could hold: SKILL.md files and rosters, by relative path. */
function readTier(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string, rel: string, depth: number) => {
    let entries: nodeFs.Dirent[];
    try {
      entries = nodeFs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory() && depth < 3) walk(path.join(d, e.name), r, depth + 1);
      else if (e.isFile() && (e.name === 'SKILL.md' || r.endsWith('references/skill-index.md')))
        out.set(r, nodeFs.readFileSync(path.join(d, e.name), 'utf8'));
    }
  };
  walk(dir, '', 0);
  return out;
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
        const options = {
          domainOf: (o.domainsFrom ?? 'path') as DomainStrategy,
          library: path.basename(out),
          pathOf: (s: { path: string }) => path.relative(out, s.path).split(path.sep).join('/'),
        };
        const files = buildTier(d.skills, options);
        const report: BuildReport = { out, files: files.map((f) => f.path), written: [] };
        if (o.measure) report.measure = measureTier(d.skills, options);
        if (o.check) report.drift = tierDrift(files, readTier(out));
        if (o.check || o.measure) return report;
        try {
          for (const f of files) {
            const file = path.join(out, ...f.path.split('/'));
            const now = nodeFs.existsSync(file) ? nodeFs.readFileSync(file, 'utf8') : undefined;
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

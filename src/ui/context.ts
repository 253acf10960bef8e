// What every page reads: the service, the operations of the table run as the user, and the reports
// that read the whole library (lint, the audit), kept until the library changes.

import type { Outcome } from '../core/outcome.js';
import type { SkillService } from '../core/service.js';
import type { LintReport } from '../core/views.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { EvalRun } from '../eval/eval.js';
import { type RunContext, USER } from '../ops/operation.js';
import { OPERATIONS } from '../ops/table.js';
import type { Skill } from '../skill/types.js';

/** A page's view of the server. */
export interface UiContext {
  service: SkillService;
  /** Run operation `name` of the table with `input`, as the user at this page. */
  run<V>(name: string, input: object): Promise<Outcome<V>>;
  /** Lint's report on the library (recommended profile, the config's rules), for this version. */
  lint(): Promise<LintReport>;
  /** That report if it is done; else undefined, and it is started (`onLint` hears when it is done). */
  lintIfDone(): LintReport | undefined;
  /** The audit's findings on one skill (`skillset audit`'s rules, at their own levels). */
  audit(skill: Skill): Promise<Diagnostic[]>;
  /** eval on query file `file` (one of `queries`), kept for this version; a message if it failed. */
  evalOf(file: string): Promise<EvalRun | string>;
  /** Query files the user named for the Eval page, by index. */
  queries: readonly string[];
  /** Bumped each time the library changes. */
  version(): number;
  /** Bumped each time what a page shows may have changed (the library, or lint being done). */
  stamp(): number;
}

const EMPTY: LintReport = { summary: { skills: 0, errors: 0, warnings: 0 }, diagnostics: [] };

/** The context over `service`; `changed()` drops what was computed for the last version. */
export function uiContext(
  service: SkillService,
  queries: readonly string[],
  onLint: () => void = () => {},
): UiContext & { changed(): void } {
  let version = 1;
  let lint: Promise<LintReport> | undefined;
  let done: LintReport | undefined;
  let stamp = 1;
  // Only this version's runs are kept: the map is emptied when the library changes.
  const evals = new Map<string, Promise<EvalRun | string>>();
  const runIn = async <V>(ctx: RunContext, name: string, input: object): Promise<Outcome<V>> => {
    const entry = OPERATIONS.find((o) => o.name === name);
    if (!entry) throw new Error(`No operation ${name}`);
    const op = await entry.load();
    return (await op.run(ctx, input as never)) as Outcome<V>;
  };
  const report = async (): Promise<LintReport> => {
    const r = await runIn<{ report: LintReport }>({ service, caller: USER }, 'lint', {});
    return r.ok ? r.value.report : EMPTY;
  };
  return {
    service,
    queries,
    run: (name, input) => runIn({ service, caller: USER }, name, input),
    lint() {
      if (!lint) {
        const at = version;
        lint = report();
        lint.then(
          (r) => {
            if (at !== version) return;
            done = r;
            stamp++;
            onLint();
          },
          // A failed run is forgotten, to be tried again by the next page that asks.
          () => {
            if (at === version) lint = undefined;
          },
        );
      }
      return lint;
    },
    lintIfDone() {
      // Started once this answer is on its way: it would hold up the page it was asked for.
      if (!done && !lint) setImmediate(() => void this.lint());
      return done;
    },
    async audit(skill) {
      const { auditSkills } = await import('../lint/audit-skills.js');
      return (await auditSkills([skill], service.settings.fs)).get(skill.id) ?? [];
    },
    evalOf(file) {
      let r = evals.get(file);
      if (!r) {
        r = runIn<EvalRun>({ service, caller: USER }, 'eval', {
          queries: file,
          baseline: false,
        }).then((x) => (x.ok ? x.value : x.problem.message));
        evals.set(file, r);
      }
      return r;
    },
    version: () => version,
    stamp: () => stamp,
    changed() {
      version++;
      stamp++;
      lint = undefined;
      done = undefined;
      evals.clear();
    },
  };
}

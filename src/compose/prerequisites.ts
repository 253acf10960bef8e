// `prerequisites: [..]` (SPEC S5): a skill's prerequisites load before it, in topological order,
// each once. A cycle and a prerequisite that is not a skill are errors; the rest still orders.

import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';

/** What ordering needs of the catalog. */
export interface PrerequisiteGraph {
  /** A skill's prerequisites by name, or undefined when there is no such skill. */
  prerequisitesOf(name: string): readonly string[] | undefined;
  /** The SKILL.md of a skill, for diagnostics. */
  fileOf(name: string): string;
}

/** `names` with their prerequisites, prerequisites first; deterministic (listed order breaks ties). */
export function orderPrerequisites(
  names: readonly string[],
  graph: PrerequisiteGraph,
): { order: string[]; diagnostics: Diagnostic[] } {
  const order: string[] = [];
  const done = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const reported = new Set<string>();
  const visit = (name: string, path: readonly string[]): void => {
    if (done.has(name)) return;
    const prerequisites = graph.prerequisitesOf(name) ?? [];
    const onPath = [...path, name];
    for (const p of prerequisites) {
      if (onPath.includes(p)) {
        const cycle = [...onPath.slice(onPath.indexOf(p)), p];
        const key = [...cycle].sort().join('\0');
        if (!reported.has(key)) {
          reported.add(key);
          diagnostics.push(
            diagnostic(
              'compose/prerequisite-cycle',
              'error',
              graph.fileOf(name),
              `Prerequisites make a cycle (${cycle.join(' → ')}); \`${name}\` is loaded without \`${p}\` first`,
              { data: { cycle } },
            ),
          );
        }
        continue;
      }
      if (graph.prerequisitesOf(p) === undefined) {
        diagnostics.push(
          diagnostic(
            'compose/missing-prerequisite',
            'error',
            graph.fileOf(name),
            `\`${name}\` names \`${p}\` as a prerequisite, which is not a skill of this catalog`,
            { data: { prerequisite: p } },
          ),
        );
        continue;
      }
      visit(p, onPath);
    }
    done.add(name);
    order.push(name);
  };
  for (const n of names) visit(n, []);
  return { order, diagnostics };
}

// A skill's `paths` as one comma-separated glob list, the form Cursor's `globs` and Copilot's `applyTo` take.

/** Most patterns one glob expands to; past it the glob is kept as written. */
const MAX_EXPANSIONS = 256;

/** The first `{…}` holding a comma at its own level: [open, close, comma offsets]. */
function firstAlternation(glob: string): [number, number, number[]] | undefined {
  for (let open = glob.indexOf('{'); open !== -1; open = glob.indexOf('{', open + 1)) {
    let depth = 0;
    const commas: number[] = [];
    for (let i = open; i < glob.length; i++) {
      const c = glob[i];
      if (c === '\\') i++;
      else if (c === '{') depth++;
      else if (c === ',' && depth === 1) commas.push(i);
      else if (c === '}' && --depth === 0) {
        if (commas.length > 0) return [open, i, commas];
        break;
      }
    }
  }
  return undefined;
}

/**
 * Expand brace alternations (`src/*.{ts,tsx}` → `src/*.ts`, `src/*.tsx`), since a comma in a
 * comma-separated list would split the glob. Braces without a comma are left as they are.
 */
export function expandBraces(glob: string): string[] {
  const out: string[] = [];
  const pending = [glob];
  while (pending.length > 0) {
    const g = pending.shift() as string;
    const alt = firstAlternation(g);
    if (!alt) {
      out.push(g);
      continue;
    }
    const [open, close, commas] = alt;
    const cuts = [open, ...commas, close];
    for (let k = 0; k + 1 < cuts.length; k++)
      pending.push(
        g.slice(0, open) + g.slice((cuts[k] as number) + 1, cuts[k + 1]) + g.slice(close + 1),
      );
    if (out.length + pending.length > MAX_EXPANSIONS) return [glob];
  }
  return out;
}

/** The globs of `paths`, trimmed, braces expanded, duplicates dropped, joined with commas; '' for none. */
export function globList(paths: readonly string[] | undefined): string {
  const seen = new Set<string>();
  for (const p of paths ?? []) {
    const g = p.trim();
    if (g !== '') for (const e of expandBraces(g)) seen.add(e);
  }
  return [...seen].join(',');
}

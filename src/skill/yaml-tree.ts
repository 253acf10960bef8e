// One pass over a parsed front matter tree (yaml@2's nodes): positions, scalar sources, depth and
// duplicate keys, found without recursion.

import type * as YamlModule from 'yaml';
import type { Position } from '../diagnostics/diagnostic.js';
import { yaml } from './yaml-lib.js';

/** What one pass over a parsed YAML tree learns: positions, sources, and the first fault. */
export interface TreeFacts {
  positions: Record<string, Position>;
  sources: Record<string, string>;
  /** The first node deeper than the limit. */
  tooDeep?: number;
  /** The first key that repeats one of its map's earlier keys. */
  duplicate?: { offset: number; key: string };
}

/**
 * One iterative pass over the parsed tree, before anything recursive (toJS) runs: positions of
 * every key and item, the first node deeper than `maxDepth`, and the first duplicate key — a Set
 * per map, so many keys cost linear time (yaml@2's own check is quadratic).
 */
export function inspectTree(
  root: unknown,
  text: string,
  lc: YamlModule.LineCounter,
  lineOffset: number,
  maxDepth: number,
): TreeFacts {
  const Y = yaml();
  const facts: TreeFacts = { positions: {}, sources: {} };
  const at = (offset: number): Position => {
    const p = lc.linePos(offset);
    return { line: p.line + lineOffset, column: p.col };
  };
  const stack: Array<[unknown, string, number]> = [[root, '', 0]];
  while (stack.length > 0) {
    const [n, pre, depth] = stack.pop() as [unknown, string, number];
    if (Y.isScalar(n)) {
      const range = n.range;
      if (typeof n.value !== 'string' && range && pre !== '')
        facts.sources[pre.slice(0, -1)] = text.slice(range[0], range[1]).trim();
      continue;
    }
    const isMap = Y.isMap(n);
    if (!isMap && !Y.isSeq(n)) continue;
    if (depth >= maxDepth) {
      facts.tooDeep = (n as YamlModule.Node).range?.[0] ?? 0;
      return facts;
    }
    if (isMap) {
      const seen = new Set<string>();
      for (const pair of n.items) {
        const keyNode = pair.key as YamlModule.Node | null;
        const key = Y.isScalar(keyNode) ? String(keyNode.value) : undefined;
        const offset = keyNode?.range?.[0] ?? 0;
        if (key !== undefined) {
          if (seen.has(key) && !facts.duplicate) facts.duplicate = { offset, key };
          seen.add(key);
          facts.positions[pre + key] = at(offset);
        }
        if (key === undefined) stack.push([keyNode, `${pre}?.`, depth + 1]);
        stack.push([pair.value, `${pre}${key ?? '?'}.`, depth + 1]);
      }
    } else {
      (n as YamlModule.YAMLSeq).items.forEach((item, idx) => {
        const range = (item as YamlModule.Node | null)?.range;
        if (range) facts.positions[pre + idx] = at(range[0]);
        stack.push([item, `${pre + idx}.`, depth + 1]);
      });
    }
  }
  return facts;
}

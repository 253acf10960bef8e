// Layered layout for the graph chart: break cycles, rank by longest path, order each layer.
// Every step walks ids in sorted order (code-unit order, never locale), so the layout is a pure
// function of the node and edge sets.

/** An edge between two known node ids; `index` is its position in the caller's list. */
export interface LayoutEdge {
  from: string;
  to: string;
  index: number;
}

/** Where the layout put things. */
export interface Layout {
  /** Layer (column) of every node, 0 for roots. */
  layer: Map<string, number>;
  /** Indexes of the edges ignored for layering: the back edges of the DFS, self-loops included. */
  back: Set<number>;
}

/** Code-unit string order: the same everywhere, unlike localeCompare. */
export const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const outgoing = (ids: string[], edges: LayoutEdge[]): Map<string, LayoutEdge[]> => {
  const out = new Map<string, LayoutEdge[]>(ids.map((id) => [id, []]));
  for (const e of edges) out.get(e.from)?.push(e);
  for (const list of out.values()) list.sort((a, b) => byId(a.to, b.to) || a.index - b.index);
  return out;
};

// Iterative DFS from each unvisited id in sorted order; an edge into a node still on the stack
// closes a cycle, and ignoring exactly those edges leaves a DAG.
const backEdges = (sorted: string[], out: Map<string, LayoutEdge[]>): Set<number> => {
  const back = new Set<number>();
  const state = new Map<string, 1 | 2>();
  for (const root of sorted) {
    if (state.has(root)) continue;
    state.set(root, 1);
    const stack = [{ id: root, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const edge = out.get(top.id)![top.next++];
      if (edge === undefined) {
        state.set(top.id, 2);
        stack.pop();
      } else if (state.get(edge.to) === 1) back.add(edge.index);
      else if (!state.has(edge.to)) {
        state.set(edge.to, 1);
        stack.push({ id: edge.to, next: 0 });
      }
    }
  }
  return back;
};

/** Layers by longest path from the roots, after breaking cycles at DFS back edges. */
export const layoutLayers = (ids: string[], edges: LayoutEdge[]): Layout => {
  const sorted = [...ids].sort(byId);
  const out = outgoing(sorted, edges);
  const back = backEdges(sorted, out);
  const indegree = new Map<string, number>(sorted.map((id) => [id, 0]));
  const kept = edges.filter((e) => !back.has(e.index));
  for (const e of kept) indegree.set(e.to, indegree.get(e.to)! + 1);
  const layer = new Map<string, number>(sorted.map((id) => [id, 0]));
  const queue = sorted.filter((id) => indegree.get(id) === 0);
  // Kahn's order: a node is ranked only after all its kept parents, so its layer is final.
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    for (const e of out.get(id)!) {
      if (back.has(e.index)) continue;
      layer.set(e.to, Math.max(layer.get(e.to)!, layer.get(id)! + 1));
      const left = indegree.get(e.to)! - 1;
      indegree.set(e.to, left);
      if (left === 0) queue.push(e.to);
    }
  }
  return { layer, back };
};

/**
 * Rows within each layer: layer 0 by id, later layers by the mean row of their parents (one
 * barycentre sweep, which removes most crossings of a small DAG), ties and orphans by id.
 */
export const orderLayers = (
  ids: string[],
  edges: LayoutEdge[],
  layout: Layout,
): Map<string, number> => {
  const columns: string[][] = [];
  for (const id of [...ids].sort(byId)) {
    const l = layout.layer.get(id)!;
    const column = columns[l];
    if (column) column.push(id);
    else columns[l] = [id];
  }
  const row = new Map<string, number>();
  const parents = new Map<string, string[]>();
  for (const e of edges) {
    if (!layout.back.has(e.index))
      (parents.get(e.to) ?? parents.set(e.to, []).get(e.to)!).push(e.from);
  }
  for (const column of columns) {
    if (column === undefined) continue;
    const key = new Map<string, number>();
    for (const id of column) {
      const rows = (parents.get(id) ?? []).flatMap((p) => (row.has(p) ? [row.get(p)!] : []));
      key.set(
        id,
        rows.length === 0 ? Number.POSITIVE_INFINITY : rows.reduce((a, b) => a + b) / rows.length,
      );
    }
    column.sort((a, b) => key.get(a)! - key.get(b)! || byId(a, b));
    for (const [i, id] of column.entries()) row.set(id, i);
  }
  return row;
};

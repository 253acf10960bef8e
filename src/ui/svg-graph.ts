// A small layered DAG as an SVG string: layers are columns left to right, nodes rounded rects,
// edges curves with an arrowhead. Bounded to MAX_NODES so a big catalogue cannot make a huge page.

import { CHAR_W, esc, frame, noData, paletteAt, px, summary, token, truncate } from './svg-kit.js';
import { byId, type LayoutEdge, layoutLayers, orderLayers } from './svg-layout.js';

const MAX_NODES = 60;
const NODE_W = 160;
const NODE_H = 28;
const GAP_X = 70;
const GAP_Y = 18;
const MARGIN = 32;
const LABEL_MAX = Math.floor((NODE_W - 16) / CHAR_W);
const EDGE_LABEL_MAX = 18;

/** A node of {@link graph}; `kind` becomes the class `node-<kind>`. */
export interface GraphNode {
  id: string;
  label: string;
  kind?: string;
}

/** An edge of {@link graph}; `kind` becomes the class `edge-<kind>`. */
export interface GraphEdge {
  from: string;
  to: string;
  label?: string;
  kind?: string;
}

/** Options for {@link graph}. */
export interface GraphOptions {
  id: string;
  title: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

interface Box {
  x: number;
  y: number;
}

const path = (points: number[]): string => {
  const p = points.map(px);
  return `M${p[0]} ${p[1]}C${p.slice(2, 8).join(' ')}${p.length > 8 ? `L${p[8]} ${p[9]}C${p.slice(10).join(' ')}` : ''}`;
};

// The curve for an edge, drawn only through the free space between columns and rows so it never
// runs under a node: an edge to the next column is one curve across the gap; a longer edge, or a
// back edge (leftwards), drops into the lane under its source's row, runs along it, and climbs to
// its target (lanes spread by `spread` px so parallel edges stay apart); an edge within one column bulges left; a self-loop bulges right. `at` anchors the label.
const edgePath = (a: Box, b: Box, self: boolean, spread: number): { d: string; at: Box } => {
  const ay = a.y + NODE_H / 2;
  const by = b.y + NODE_H / 2;
  const r = a.x + NODE_W;
  if (self) {
    const d = path([r, a.y + 6, r + 28, a.y - 8, r + 28, a.y + NODE_H + 8, r, a.y + NODE_H - 6]);
    return { d, at: { x: r + 14, y: a.y - 3 } };
  }
  if (a.x === b.x) {
    const c = a.x - MARGIN + 4;
    return { d: path([a.x, ay, c, ay, c, by, b.x, by]), at: { x: c, y: (ay + by) / 2 } };
  }
  const dir = b.x > a.x ? 1 : -1;
  const [x1, x2] = dir > 0 ? [r, b.x] : [a.x, b.x + NODE_W];
  const h = GAP_X / 2;
  if (dir > 0 && x2 - x1 === GAP_X) {
    const d = path([x1, ay, x1 + h, ay, x2 - h, by, x2, by]);
    return { d, at: { x: x1 + h, y: (ay + by) / 2 - 3 } };
  }
  const lane = a.y + NODE_H + GAP_Y / 2 + spread;
  const [s, t] = [x1 + dir * h, x2 - dir * h];
  const [c1, c2] = [x1 + (dir * h) / 2, x2 - (dir * h) / 2];
  const d = path([x1, ay, c1, ay, c1, lane, s, lane, t, lane, c2, lane, c2, by, x2, by]);
  return { d, at: { x: (s + t) / 2, y: lane + 3.5 } };
};

// Unique nodes (first wins), edges between known nodes, and which nodes to draw: the first
// MAX_NODES by (layer, id), so the roots and the upper layers survive the cut.
const prepare = (o: GraphOptions) => {
  const nodes = new Map<string, GraphNode>();
  for (const n of o.nodes) if (!nodes.has(n.id)) nodes.set(n.id, n);
  const ids = [...nodes.keys()];
  const edges: LayoutEdge[] = [];
  o.edges.forEach((e, index) => {
    if (nodes.has(e.from) && nodes.has(e.to)) edges.push({ from: e.from, to: e.to, index });
  });
  const full = layoutLayers(ids, edges);
  const drawn = ids
    .sort((a, b) => full.layer.get(a)! - full.layer.get(b)! || byId(a, b))
    .slice(0, MAX_NODES);
  const keep = new Set(drawn);
  const shownEdges = edges.filter((e) => keep.has(e.from) && keep.has(e.to));
  const row = orderLayers(drawn, shownEdges, full);
  const kinds = [...new Set(drawn.map((id) => nodes.get(id)!.kind ?? ''))].sort(byId);
  return {
    nodes,
    drawn,
    shownEdges,
    row,
    layer: full.layer,
    hidden: ids.length - drawn.length,
    kinds,
    edgeCount: edges.length,
  };
};

type Prepared = ReturnType<typeof prepare>;

// Column by layer, row by order within the layer.
const boxOf = (p: Prepared, id: string): Box => ({
  x: MARGIN + p.layer.get(id)! * (NODE_W + GAP_X),
  y: MARGIN / 2 + p.row.get(id)! * (NODE_H + GAP_Y),
});

const drawEdge = (p: Prepared, e: LayoutEdge, src: GraphEdge, marker: string): string => {
  const [a, b] = [boxOf(p, e.from), boxOf(p, e.to)];
  const { d, at } = edgePath(a, b, e.from === e.to, ((e.index % 3) - 1) * 4);
  const back = b.x <= a.x ? ' back' : '';
  const text = src.label
    ? `<text class="edge-label" x="${px(at.x)}" y="${px(at.y)}" text-anchor="middle" ` +
      `font-size="10" fill="#555" stroke="#ffffff" stroke-width="3" paint-order="stroke">` +
      `${esc(truncate(src.label, EDGE_LABEL_MAX))}</text>`
    : '';
  const ends = `${p.nodes.get(e.from)!.label} → ${p.nodes.get(e.to)!.label}`;
  return (
    `<g class="edge${src.kind ? ` edge-${token(src.kind, 'x')}` : ''}${back}">` +
    `<title>${esc(src.label ? `${ends}: ${src.label}` : ends)}</title>` +
    `<path d="${d}" fill="none" stroke="#777777"${back ? ' stroke-dasharray="4 3"' : ''} ` +
    `marker-end="url(#${marker})"/>${text}</g>`
  );
};

const drawNode = (p: Prepared, id: string): string => {
  const n = p.nodes.get(id)!;
  const { x, y } = boxOf(p, id);
  const stroke = paletteAt(p.kinds.indexOf(n.kind ?? ''));
  return (
    `<g class="node${n.kind ? ` node-${token(n.kind, 'x')}` : ''}">` +
    `<title>${esc(n.kind ? `${n.label} (${n.kind})` : n.label)}</title>` +
    `<rect x="${px(x)}" y="${px(y)}" width="${NODE_W}" height="${NODE_H}" rx="6" fill="#ffffff" ` +
    `stroke="${stroke}"/><text x="${px(x + 8)}" y="${px(y + 18)}" fill="#222">` +
    `${esc(truncate(n.label, LABEL_MAX))}</text></g>`
  );
};

/** A layered drawing of a small directed graph; cycles are drawn, but broken for layering. */
export const graph = (o: GraphOptions): string => {
  const prefix = token(o.id, 'graph');
  if (o.nodes.length === 0) return noData(prefix, o.title, 'graph', 240);
  const p = prepare(o);
  const edges = p.shownEdges.map((e) => drawEdge(p, e, o.edges[e.index]!, `${prefix}-arrow`));
  const columns = Math.max(...p.drawn.map((id) => p.layer.get(id)!)) + 1;
  const rows = Math.max(...p.drawn.map((id) => p.row.get(id)!)) + 1;
  const bottom = MARGIN / 2 + rows * (NODE_H + GAP_Y);
  const more =
    p.hidden > 0
      ? `<text class="more" x="${MARGIN}" y="${px(bottom + 12)}" fill="#555">and ${p.hidden} more</text>`
      : '';
  const marker =
    `<defs><marker id="${prefix}-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" ` +
    `markerHeight="8" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#777777"/></marker></defs>`;
  const label = (id: string) => p.nodes.get(id)!.label;
  const listed = p.shownEdges.map((e) => `${label(e.from)} → ${label(e.to)}`);
  const drawnNote = p.hidden > 0 ? `, first ${p.drawn.length} nodes drawn` : '';
  const count = `${p.nodes.size} nodes, ${p.edgeCount} edges${drawnNote}`;
  return frame({
    prefix,
    title: o.title,
    desc: listed.length > 0 ? `${count}: ${summary(listed)}` : count,
    width: 2 * MARGIN + columns * (NODE_W + GAP_X) - GAP_X,
    height: bottom + (more ? 24 : 8),
    cls: 'graph',
    body: marker + edges.join('') + p.drawn.map((id) => drawNode(p, id)).join('') + more,
  });
};

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { graph } from './svg.js';
import { layoutLayers, orderLayers } from './svg-layout.js';

const count = (svg: string, re: RegExp) => (svg.match(re) ?? []).length;
const ids = (svg: string) => [...svg.matchAll(/ id="([^"]*)"/g)].map((m) => m[1]!);
const withoutAttributes = (svg: string) => svg.replace(/ [a-zA-Z:-]+="[^"<>]*"/g, '');
const edgesOf = (pairs: string) =>
  pairs.split(' ').map((p, index) => ({ from: p[0]!, to: p[1]!, index }));
// Node x of each label, read back from the drawing.
const columns = (svg: string) =>
  new Map(
    [...svg.matchAll(/<g class="node[^"]*"><title>([^<]*)<\/title><rect x="([\d.]+)"/g)].map(
      (m) => [m[1]!, Number(m[2])],
    ),
  );

describe('layoutLayers', () => {
  it('layers by longest path from the roots', () => {
    const { layer, back } = layoutLayers(['a', 'b', 'c', 'd'], edgesOf('ab bc ac cd'));
    assert.deepEqual(Object.fromEntries(layer), { a: 0, b: 1, c: 2, d: 3 });
    assert.equal(back.size, 0);
  });

  it('breaks a cycle at the back edge of a DFS in sorted order, whatever the input order', () => {
    const first = layoutLayers(['c', 'a', 'b'], edgesOf('bc ca ab'));
    assert.deepEqual([...first.back], [1], 'c → a closes the cycle a → b → c');
    assert.deepEqual(Object.fromEntries(first.layer), { a: 0, b: 1, c: 2 });
    const again = layoutLayers(['b', 'a', 'c'], edgesOf('ab bc ca'));
    assert.deepEqual([...again.back], [2]);
    assert.deepEqual(Object.fromEntries(again.layer), { a: 0, b: 1, c: 2 });
  });

  it('treats a self-loop as a back edge', () => {
    const { layer, back } = layoutLayers(['a'], edgesOf('aa'));
    assert.deepEqual([...back], [0]);
    assert.equal(layer.get('a'), 0);
  });

  it('orders a layer by the mean row of its parents', () => {
    const edges = edgesOf('az by');
    const layout = layoutLayers(['a', 'b', 'y', 'z'], edges);
    const row = orderLayers(['a', 'b', 'y', 'z'], edges, layout);
    assert.deepEqual(Object.fromEntries(row), { a: 0, b: 1, z: 0, y: 1 });
  });
});

describe('graph', () => {
  const nodes = [
    { id: 'base', label: 'base-skill', kind: 'skill' },
    { id: 'mid', label: 'middle', kind: 'skill' },
    { id: 'leaf', label: 'leaf-skill-with-a-really-long-name-indeed', kind: 'import' },
  ];
  const edges = [
    { from: 'base', to: 'mid', label: 'extends' },
    { from: 'mid', to: 'leaf', label: '@import', kind: 'import' },
  ];

  it('draws a titled rect per node and a titled arrowed path per edge', () => {
    const svg = graph({ id: 'g1', title: 'Composition', nodes, edges });
    assert.match(svg, /^<svg [^>]*role="img" aria-labelledby="g1-title g1-desc"/);
    assert.equal(count(svg, /<rect /g), 3);
    assert.equal(count(svg, /<path [^>]*marker-end/g), 2);
    assert.equal(count(svg, /marker-end="url\(#g1-arrow\)"/g), 2);
    assert.deepEqual(ids(svg).sort(), ['g1-arrow', 'g1-desc', 'g1-title']);
    assert.equal(count(svg, /<g class="node node-skill">/g), 2);
    assert.equal(count(svg, /<g class="edge edge-import">/g), 1);
    assert.match(
      svg,
      /<title>middle → leaf-skill-with-a-really-long-name-indeed: @import<\/title>/,
    );
    assert.match(svg, />leaf-skill-with-a-r…</);
    const x = columns(svg);
    assert.ok(x.get('base-skill (skill)')! < x.get('middle (skill)')!);
    assert.ok(
      x.get('middle (skill)')! < x.get('leaf-skill-with-a-really-long-name-indeed (import)')!,
    );
  });

  it('keeps ids of two graphs on one page apart', () => {
    const a = ids(graph({ id: 'one', title: 'A', nodes, edges }));
    const b = ids(graph({ id: 'two', title: 'B', nodes, edges }));
    assert.equal(new Set([...a, ...b]).size, a.length + b.length);
  });

  it('draws a cycle, with the edge that closes it marked back', () => {
    const cyclic = [...edges, { from: 'leaf', to: 'base' }, { from: 'mid', to: 'mid' }];
    const svg = graph({ id: 'c', title: 'Cycle', nodes, edges: cyclic });
    assert.equal(count(svg, /<path [^>]*marker-end/g), 4);
    assert.equal(count(svg, /<g class="edge back">/g), 2);
    assert.doesNotMatch(svg, /NaN|Infinity/);
  });

  it('is deterministic and ignores duplicate nodes and edges to unknown nodes', () => {
    const o = {
      id: 'd',
      title: 'T',
      nodes: [...nodes, { id: 'base', label: 'dup' }],
      edges: [...edges, { from: 'base', to: 'ghost' }],
    };
    const svg = graph(o);
    assert.equal(svg, graph(structuredClone(o)));
    assert.equal(count(svg, /<rect /g), 3);
    assert.equal(count(svg, /<path [^>]*marker-end/g), 2);
    assert.doesNotMatch(svg, /dup|ghost/);
  });

  it('draws at most 60 of 200 nodes, roots first, and says how many more', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ id: `n${i}`, label: `node ${i}` }));
    const chain = many.slice(1).map((n, i) => ({ from: `n${i}`, to: n.id }));
    const loose = graph({ id: 'big', title: 'Big', nodes: many, edges: [] });
    assert.equal(count(loose, /<g class="node">/g), 60);
    assert.match(loose, />and 140 more</);
    const deep = graph({ id: 'deep', title: 'Deep', nodes: many, edges: chain });
    assert.equal(count(deep, /<g class="node">/g), 60);
    assert.equal(count(deep, /<path [^>]*marker-end/g), 59);
    assert.match(deep, /<title>node 59<\/title>/);
    assert.doesNotMatch(deep, /<title>node 60<\/title>/);
  });

  it('escapes hostile labels and kinds', () => {
    const evil = '<script>alert(1)</script>"onload=&';
    const svg = graph({
      id: 'h',
      title: evil,
      nodes: [
        { id: evil, label: evil, kind: evil },
        { id: 'b', label: 'b' },
      ],
      edges: [{ from: evil, to: 'b', label: evil, kind: evil }],
    });
    assert.doesNotMatch(svg, /<script/i);
    assert.doesNotMatch(withoutAttributes(svg), /"/);
    assert.match(svg, /&lt;script&gt;alert\(1\)&lt;\/script&gt;&quot;onload=&amp;/);
    assert.match(svg, /class="node node-script-alert-1-script-onload"/);
  });

  it('says no data without nodes', () => {
    const svg = graph({ id: 'e', title: 'Empty', nodes: [], edges: [{ from: 'a', to: 'b' }] });
    assert.match(svg, /role="img"/);
    assert.match(svg, />no data</);
  });
});

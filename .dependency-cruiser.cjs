// The layers of src/, lowest first (README "Layers"): a module imports only from its own layer or
// below. Each folder is a layer of its own, so two folders never import each other; tests may import
// anything. `npm run deps` checks it, and `npm test` runs that.

/** @type {string[][]} */
const LAYERS = [
  ['util', 'text', 'errors.ts', 'version.ts'],
  ['diagnostics'],
  ['skill'],
  ['files'],
  ['invoke'],
  ['config'],
  ['catalog'],
  ['render'],
  ['agents'],
  ['discover'],
  ['state'],
  ['tier'],
  ['compose'],
  ['search'],
  ['eval'],
  ['export'],
  ['lint'],
  ['select'],
  ['install'],
  ['test-support'],
  ['core'],
  ['registry'],
  ['ops'],
  ['session'],
  ['mcp'],
  ['ui'],
  ['cli'],
  ['index.ts'],
];

const pattern = (names) =>
  `^src/(${names.map((n) => n.replace('.', '\\.')).join('|')})(/|$)`;

const upward = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${layer[0]}`,
  comment: `${layer.join(', ')} may not import from a higher layer (${LAYERS.slice(i + 1)
    .flat()
    .join(', ')})`,
  severity: 'error',
  from: { path: pattern(layer), pathNot: '\\.test\\.ts$' },
  to: { path: pattern(LAYERS.slice(i + 1).flat()) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'unlayered',
      comment: 'Every top-level entry of src/ has a place in LAYERS',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/', pathNot: pattern(LAYERS.flat()) },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

// The server's layers (docs/architecture.md, "Layers"), held by dependency-cruiser in `npm run lint`.
// dependency-cruiser rather than eslint-plugin-import-x: its `no-cycle` skips `import type`, and a
// type that runs back up a layer is a cycle of design all the same; dependency-cruiser reads type
// imports too (`tsPreCompilationDeps`), and one list of layers gives the order rule for every unit.
// No cycle between units can pass the order rule (a unit imports only layers below its own);
// `no-circular` refuses one between files, inside a unit too.

/**
 * The units of apps/server/src, bottom to top. A unit imports only units of the layers below its
 * own; units that share a layer do not import each other. A unit is a folder or a file under src/.
 */
const layers = [
  ['telemetry'],
  ['db'],
  ['lib'],
  ['storage'],
  ['jobs', 'video'],
  ['config.ts', 'version.ts'],
  ['http'],
  ['observability'],
  ['modules/facts'],
  ['modules/organisations', 'modules/media-lifecycle'],
  ['modules/uploads'],
  ['modules/accounts'],
  ['modules/community'],
  ['modules/audit', 'modules/videos'],
  ['modules/configs', 'modules/shop'],
  ['modules/people'],
  ['modules/safety'],
  ['modules/notifications'],
  ['modules/posting', 'modules/moderation', 'modules/health', 'modules/web', 'modules/live', 'modules/insights'],
  ['modules/privacy'],
  ['seed'],
  ['compose'],
  ['app.ts', 'cli.ts'],
  ['main.ts', 'worker.ts'],
];

const src = '^apps/server/src/';
const escape = (text) => text.replace(/[.]/g, '\\.');
const unitPath = (unit) => `${src}${escape(unit)}${unit.endsWith('.ts') ? '$' : '/'}`;
// Tests and their fixtures stand beside the code and start the whole app (`#server-test/helper.ts`):
// they are above every layer, and only the cycle rules apply to them.
const tests = ['\\.test\\.ts$', '/test-fixtures\\.ts$', '^apps/server/test/'];

const layerRules = layers.flatMap((layer, index) => {
  const above = layers.slice(index + 1).flat();
  return layer.flatMap((unit) => {
    const forbidden = [...above, ...layer.filter((other) => other !== unit)];
    // (An empty `to.path` would match every import: the top unit has nothing above it.)
    if (forbidden.length === 0) return [];
    return {
      name: `layer:${unit}`,
      comment: `${unit} imports only the layers below it (docs/architecture.md, "Layers")`,
      severity: 'error',
      from: { path: unitPath(unit), pathNot: tests },
      to: { path: forbidden.map(unitPath) },
    };
  });
});

/** Every file of src/ belongs to one unit of the list above, so that a new folder gets its place. */
const placed = {
  name: 'layer:unplaced',
  comment: 'every unit of apps/server/src has its place in the layer list of .dependency-cruiser.cjs',
  severity: 'error',
  from: { path: src, pathNot: [...tests, ...layers.flat().map(unitPath)] },
  to: {},
};

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no file reaches itself through its imports, type imports included',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { circular: true },
    },
    placed,
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { conditionNames: ['import', 'node', 'default'] },
  },
};

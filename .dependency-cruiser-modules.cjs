/**
 * The module graph, one node per module folder, must have no cycle (`npm run check:boundaries` runs this after
 * .dependency-cruiser.cjs). File-level no-circular misses a cycle that passes through two public faces
 * (a/x → b/index, b/y → a/index), so this checks the folders. Left out: schema files (their imports are the data
 * model's foreign keys, memberships → workspaces, which point the other way from the code's calls), the composition
 * roots in core, and type-only imports.
 */
const { options } = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles',
      comment: 'Modules depend on each other one way: move code to the owner of the data, or react to an event.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^modules/[^/]+$' },
      to: { path: '^modules/[^/]+$', circular: true },
    },
  ],
  options: {
    ...options,
    // the run-time graph: type-only imports are erased, and the composition roots load every module by design
    tsPreCompilationDeps: false,
    exclude: { path: [options.exclude.path, '/schema\\.ts$', '^core/(kernel|server|cli|plugins)\\.ts$'] },
  },
};

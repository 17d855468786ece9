/**
 * The module graph, one node per module folder, must have no cycle (`npm run check:boundaries` runs this after
 * .dependency-cruiser.cjs). File-level no-circular misses a cycle that passes through two public faces
 * (a/x → b/index, b/y → a/index), so this checks the folders. Left out: schema files (their imports are the data
 * model's foreign keys, memberships → workspaces, which point the other way from the code's calls). Type-only
 * imports count: a type names what its module owns, so a type cycle is a dependency cycle too.
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
    exclude: { path: [options.exclude.path, '/schema\\.ts$'] },
  },
};

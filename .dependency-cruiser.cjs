/**
 * The module boundaries the code keeps (`npm run check:boundaries`, a CI step, and test/kernel/boundaries.test.ts):
 * - a module's index.ts is its public face: other modules, core, workers and plugins import only that;
 * - no import cycles (between modules: .dependency-cruiser-modules.cjs);
 * - core imports no module, except its composition roots (kernel.ts loads each module's plugin.ts;
 *   server.ts, cli.ts, plugins.ts, which gives plugins typed services, and modules.ts, which registers every module's bus handlers, call public faces) and schema.ts,
 *   drizzle's barrel of every module's tables; core's types may name a module's schema types (type-only).
 * Named exceptions: a schema.ts may import another module's schema.ts (foreign keys; schema files hold
 * tables only), and the dashboard's browser bundle may import another module's pure shared.ts (and
 * types from its public face: they are erased from the bundle).
 * Workers load each module's jobs.ts by a glob at run time (workers/run.ts), not by an import.
 */
const MODULE_INTERNAL = '^modules/[^/]+/(?!index\\.ts$)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import cycles tie modules into one: break them by moving code to the owner of the data, or by an event or extension point.',
      severity: 'error',
      from: { path: '^(core|modules|workers|plugins)/' },
      // a cycle closed by a type-only import (erased at run time) is left to tsc
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'module-internals',
      comment: "Another module's files are its own: import its public face (`../<module>`, its index.ts).",
      severity: 'error',
      from: { path: '^modules/([^/]+)/', pathNot: ['^modules/[^/]+/schema\\.ts$', '^modules/dashboard/client/'] },
      to: { path: MODULE_INTERNAL, pathNot: '^modules/$1/' },
    },
    {
      name: 'schema-imports-tables-only',
      comment: "A schema file may reference another module's tables (foreign keys), nothing else of it.",
      severity: 'error',
      from: { path: '^modules/([^/]+)/schema\\.ts$' },
      to: { path: '^modules/', pathNot: ['^modules/$1/', '^modules/[^/]+/schema\\.ts$'] },
    },
    {
      name: 'browser-bundle',
      comment: 'The dashboard client runs in the browser: of other modules it may import only their pure shared.ts (types: their public face).',
      severity: 'error',
      from: { path: '^modules/dashboard/client/' },
      to: { path: '^modules/', pathNot: ['^modules/dashboard/', '^modules/[^/]+/shared\\.ts$'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'core-imports-no-module',
      comment: 'core/ is what every module shares: it knows no module (hook payload types live in core/hook-types.ts).',
      severity: 'error',
      from: { path: '^core/', pathNot: '^core/(kernel|server|cli|plugins|modules|schema)\\.ts$' },
      // types only (erased): the hook and plugin API types name links' request and view schemas
      to: { path: '^modules/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'kernel-loads-plugins',
      comment: "The kernel, the composition root, loads each module's plugin.ts and may call public faces.",
      severity: 'error',
      from: { path: '^core/kernel\\.ts$' },
      to: { path: MODULE_INTERNAL, pathNot: '^modules/[^/]+/plugin\\.ts$' },
    },
    {
      name: 'schema-barrel-tables-only',
      comment: "core/schema.ts re-exports the modules' tables for drizzle, nothing else.",
      severity: 'error',
      from: { path: '^core/schema\\.ts$' },
      to: { path: '^modules/', pathNot: '^modules/[^/]+/schema\\.ts$' },
    },
    {
      name: 'public-faces-only',
      comment: 'Entry points, workers and plugins use a module through its public face.',
      severity: 'error',
      from: { path: '^(core/(server|cli|plugins|hooks|plugin-api)\\.ts|workers/|plugins/)' },
      to: { path: MODULE_INTERNAL },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|test|bench|drizzle)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};

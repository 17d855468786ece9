/**
 * The boundaries the code keeps (`npm run check:boundaries`, a CI step, and test/kernel/boundaries.test.ts):
 * - three floors: `core/` (infrastructure every module shares) imports neither `modules/` nor `app/`,
 *   types included; `modules/` never import `app/`; `app/`, the composition root (entry points, kernel,
 *   CLI, workers, the module list, plugin loading, the schema barrel), sits on top;
 * - no import cycle anywhere, type-only imports included (between modules: .dependency-cruiser-modules.cjs);
 * - a module's index.ts is its public face: other modules, app and plugins import only that (it exports the
 *   module's descriptor, which app/modules.ts reads, and declares its jobs); app/schema.ts reads each
 *   module's tables (schema.ts);
 * - a plugin imports only the plugin API (app/plugin-api.ts).
 * Named exceptions: a schema.ts may import another module's schema.ts (foreign keys; schema files hold
 * tables only), and the dashboard's browser bundle may import another module's pure shared.ts (and
 * types from its public face: they are erased from the bundle).
 */
const MODULE_INTERNAL = '^modules/[^/]+/(?!index\\.ts$)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import cycles tie modules into one: break them by moving code to the owner of the data, or by an event or extension point.',
      severity: 'error',
      from: { path: '^(app|core|modules|plugins)/' },
      to: { circular: true },
    },
    {
      name: 'core-imports-no-module',
      comment: 'core/ is what every module shares: it knows no module, not even a type (hook payload types live in core/hook-types.ts).',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(modules|app|plugins)/' },
    },
    {
      name: 'modules-import-no-app',
      comment: 'app/ composes the modules: a module that needs something of it takes it as a parameter or through the bus.',
      severity: 'error',
      from: { path: '^modules/' },
      to: { path: '^(app|plugins)/' },
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
      name: 'schema-barrel-tables-only',
      comment: "app/schema.ts re-exports the modules' tables for drizzle (migrations, tests), nothing else.",
      severity: 'error',
      from: { path: '^app/schema\\.ts$' },
      to: { path: '^modules/', pathNot: '^modules/[^/]+/schema\\.ts$' },
    },
    {
      name: 'public-faces-only',
      comment: 'app/ uses a module through its public face (the module list reads the descriptors there too).',
      severity: 'error',
      from: { path: '^app/', pathNot: '^app/schema\\.ts$' },
      to: { path: MODULE_INTERNAL },
    },
    {
      name: 'only-the-module-list-names-modules',
      comment:
        'app/modules.ts composes the modules from their descriptors (and app/schema.ts gathers their tables): the rest of app/ reaches a module through what the list builds (commands, checks, stop steps, services), so a module owns what it declares.',
      severity: 'error',
      from: { path: '^app/', pathNot: '^app/(modules|schema)\\.ts$' },
      to: { path: '^modules/' },
    },
    {
      name: 'sdk-stands-alone',
      comment: 'packages/sdk is published on its own (@linkhop/sdk): it imports none of the server, and only openapi-fetch of npm.',
      severity: 'error',
      from: { path: '^packages/sdk/' },
      to: { pathNot: ['^packages/sdk/', '(^|/)node_modules/openapi-fetch/', '(^|/)node_modules/openapi-typescript-helpers/'] },
    },
    {
      name: 'plugins-use-the-plugin-api',
      comment: 'An extension plugin sees Linkhop through its facade only (app/plugin-api.ts: definePlugin, the context, the services).',
      severity: 'error',
      from: { path: '^plugins/' },
      to: { path: '^(app|core|modules)/', pathNot: '^app/plugin-api\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // the generated API types import nothing and are large: parsing them would double the check's time
    exclude: { path: '^((node_modules|test|bench|drizzle)/|packages/[^/]+/dist/|packages/sdk/src/api-schema\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};

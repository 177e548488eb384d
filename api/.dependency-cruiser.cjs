/* global module */
/**
 * The API's layers (issue 30), checked by dependency-cruiser: api/test/layers.test.ts runs it in the test command.
 *
 *   routes/      parse, authorise, answer: one file per area of calls; routes/router.ts is the registrar they share
 *   use-cases/   what a call does over several queries and services (take the Services container `s`)
 *   services.ts  the container of shared infrastructure (clock, cache, outbox, uploads…) that main/server build
 *   lib/         infrastructure and helpers (auth, errors, i18n, the outbox, PDFs, SIP credentials…)
 *   domain/      the product's rules as pure functions: no I/O, table-tested
 *   db/          the queries; db/schema.ts is the one module of table types; db/migrations/ belongs to the migrator
 *
 * Arrows run down only: routes → use-cases → services.ts → lib → db → domain (and anything → domain, config).
 */
const SRC = '^api/src/';
module.exports = {
  forbidden: [
    {
      name: 'no-route-to-route',
      comment: 'A route file imports no other route file: what two routes share goes into lib/, use-cases/ or domain/ (routes/router.ts is the registrar, not a route).',
      severity: 'error',
      from: { path: `${SRC}routes/` },
      to: { path: `${SRC}routes/`, pathNot: `${SRC}routes/router\\.ts$` },
    },
    {
      name: 'routes-are-the-top',
      comment: 'Only the server (and main) compose the routes: use-cases, services, lib, domain and db never import a route.',
      severity: 'error',
      from: { path: SRC, pathNot: [`${SRC}routes/`, `${SRC}server\\.ts$`] },
      to: { path: `${SRC}routes/` },
    },
    {
      name: 'use-cases-below-routes-only',
      comment: 'Use cases are called by routes (and the server); lib, services.ts, domain and db never import one.',
      severity: 'error',
      from: { path: `${SRC}(lib|domain|db)/|${SRC}services\\.ts$` },
      to: { path: `${SRC}use-cases/` },
    },
    {
      name: 'lib-below-services',
      comment: 'lib/ is what the Services container is built from: it never imports the container (use-cases/ do).',
      severity: 'error',
      from: { path: `${SRC}(lib|domain|db)/` },
      to: { path: `${SRC}(services|server|main)\\.ts$` },
    },
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds rules as pure functions: it imports only domain/ and shared\'s schemas and domain rules (no db, no fastify, no node:*).',
      severity: 'error',
      from: { path: `${SRC}domain/` },
      to: { pathNot: [`${SRC}domain/`, '^shared/src/api/schemas/', '^shared/src/domain/'] },
    },
    {
      name: 'db-is-the-bottom',
      comment: 'db/ holds the queries: it imports no lib/, use-cases/, routes, services or configuration (domain/ is fine).',
      severity: 'error',
      from: { path: `${SRC}db/`, pathNot: `${SRC}db/seed/` },
      to: { path: `${SRC}(lib|use-cases|routes)/|${SRC}(services|server|main|seed-cli|config)\\.ts$` },
    },
    {
      name: 'seed-below-lib',
      comment: 'The seed (db/seed/: sample data) may use lib/ (it hashes the sample staff passwords as sign-in checks them), nothing above it.',
      severity: 'error',
      from: { path: `${SRC}db/seed/` },
      to: { path: `${SRC}(use-cases|routes)/|${SRC}(services|server|main|seed-cli|config)\\.ts$` },
    },
    {
      name: 'migrations-belong-to-the-migrator',
      comment: 'Only the migrator (db/index.ts), the schema module (db/schema.ts) and the seed\'s table writer read db/migrations/: row types come from db/schema.ts.',
      severity: 'error',
      from: { path: SRC, pathNot: [`${SRC}db/migrations/`, `${SRC}db/index\\.ts$`, `${SRC}db/schema\\.ts$`, `${SRC}db/seed/write\\.ts$`] },
      to: { path: `${SRC}db/migrations/` },
    },
    {
      name: 'no-circular',
      comment: 'No cycles between the API\'s modules.',
      severity: 'error',
      from: { path: SRC },
      // A cycle of type imports only (a module and the types it describes) changes nothing at run time.
      to: { path: SRC, circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};

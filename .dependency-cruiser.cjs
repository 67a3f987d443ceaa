/**
 * The layers, checked in CI (`npm run layers`):
 * - server: domain ← engine ← areas (modules) ← edges (app, main, cli, realtime sockets, openapi);
 * - web: lib and ui ← shared ← features ← shell (app); no feature imports another feature: what two of them
 *   use lives in shared/<topic>;
 * - the domain imports nothing of the apps; nothing depends on a test file; no import cycles.
 * Cycles between areas (a business area, its back-office part, a web feature, a shared topic) are checked by
 * scripts/area-cycles.mjs on the same import graph, also in `npm run layers`.
 * Imports that break a rule are listed in .dependency-cruiser-known-violations.json (written with
 * `npm run layers:baseline`): CI fails on any new one, and the list only shrinks.
 */
const WEB = '^apps/web/src';
const SERVER = '^apps/server/src';
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle ties its modules together: none of them can be understood, tested or moved alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'The domain holds the business rules once; it never depends on a server or a screen.',
      from: { path: '^packages/domain' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'engine-below-areas',
      severity: 'error',
      comment:
        'The engine is pure matching and valuation; the business areas use it, never the other way round.',
      from: { path: `${SERVER}/engine/` },
      to: { path: `${SERVER}/(modules|realtime|cluster|openapi|app|main|cli|http|runtime)` },
    },
    {
      name: 'areas-below-edges',
      severity: 'error',
      comment:
        'Business areas do not reach into the edges that compose them (app, main, the CLI, the sockets).',
      // tests may drive the server through its edges
      from: { path: `${SERVER}/modules/`, pathNot: '\\.test\\.ts$' },
      to: {
        path: `${SERVER}/(app|main|cli|cli-commands|cli-server-commands|runtime)\\.ts$|${SERVER}/realtime/`,
      },
    },
    {
      name: 'web-lib-and-ui-below-features',
      severity: 'error',
      comment: 'The lowest layers (lib, ui, api) know no shared topic, no feature and no shell.',
      from: { path: `${WEB}/(lib|ui|api)/` },
      to: { path: `${WEB}/(shared|features|app)/` },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment:
        'shared/<topic> holds what several features use (the session, market data, content rendering): ' +
        'it builds on lib, ui and api, and knows no feature and no shell.',
      from: { path: `${WEB}/shared/` },
      to: { path: `${WEB}/(features|app)/` },
    },
    {
      name: 'web-features-below-shell',
      severity: 'error',
      comment: 'Features are composed by the shell (app/); a feature does not reach back into it.',
      from: { path: `${WEB}/features/` },
      to: { path: `${WEB}/app/` },
    },
    {
      name: 'web-no-feature-imports-another',
      severity: 'error',
      comment: 'What two features share moves to shared/<topic> (or lib, ui, api when it knows no product).',
      from: { path: `${WEB}/features/([^/]+)/` },
      to: { path: `${WEB}/features/`, pathNot: `${WEB}/features/$1/` },
    },
    {
      name: 'no-test-code-in-product',
      severity: 'error',
      comment: 'Product code never imports a test or a test kit.',
      from: { pathNot: '(\\.test\\.tsx?$|/test/|[Tt]est[Kk]it|test-kit|^e2e/|^bench/)' },
      to: { path: '(\\.test\\.tsx?$|/test/|[Tt]est[Kk]it|test-kit)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // test files drive the product from outside; what they import does not make a layer or a cycle
    exclude: { path: '(node_modules|/dist/|api-check/generated|\\.test\\.tsx?$)' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

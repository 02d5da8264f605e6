import boundaries from 'eslint-plugin-boundaries';

/**
 * Import zones (docs/decisions/031-import-boundaries.md, "Dependency rules" in docs/architecture.md).
 * Every source file is classified into an element by its folder; the policies below forbid the
 * dependencies the architecture rules out. Anything not forbidden is allowed, and imports inside one
 * element (one feature, `lib/`, …) are never checked.
 */

/** Element descriptors: the first one matching a file's folder wins (`elements-single-match`). */
const elements = [
  { type: 'web-feature', pattern: 'packages/web/src/features/*', capture: ['feature'] },
  { type: 'web-base', pattern: 'packages/web/src/{lib,components,i18n}' },
  { type: 'web-app', pattern: 'packages/web/src/{app,routes}' },
  { type: 'web', pattern: 'packages/web' },
  { type: 'server-feature', pattern: 'packages/server/src/features/*', capture: ['feature'] },
  { type: 'server-base', pattern: 'packages/server/src/{lib,db}' },
  { type: 'server', pattern: 'packages/server' },
  { type: 'shared', pattern: 'packages/shared' },
  { type: 'e2e', pattern: 'packages/e2e' },
].map((element) => ({ ...element, partialMatch: false }));

/** Tests may reach across a boundary to set a scene; production code may not. */
const files = [
  { category: 'test', pattern: ['**/*.test.{ts,tsx}', 'packages/server/src/test/**'] },
  { category: 'source', pattern: '**' },
];
const source = { categories: 'source' };

const policies = [
  {
    from: { element: { type: 'web*' } },
    disallow: { to: { element: { type: 'server*' } } },
    message: 'The web app must not import server code; share it through @app/shared.',
  },
  {
    from: { element: { type: 'web-feature' } },
    disallow: { to: { element: { type: 'web-feature' } } },
    message:
      'Web features never import each other ({{ from.element.captured.feature }} → {{ to.element.captured.feature }}): ' +
      'move what both need to components/ or lib/, or compose them in a route.',
  },
  {
    from: { element: { type: 'web-base' } },
    disallow: { to: { element: { types: { anyOf: ['web-feature', 'web-app'] } } } },
    message: 'lib/, components/ and i18n/ are the base layer: they never import features/, app/ or routes/.',
  },
  {
    from: { element: { type: '!shared' } },
    disallow: { to: { element: { type: 'shared' }, module: { origin: 'local' } } },
    message: 'Import @app/shared by its name: its package.json exports are its public surface.',
  },
  {
    from: { element: { type: 'shared' }, file: source },
    disallow: { to: { element: { type: '!shared' } } },
    message: '@app/shared imports nothing but zod and its own files.',
  },
  {
    from: { element: { type: 'shared' }, file: source },
    disallow: { to: { module: { origin: ['external', 'core'], source: '!zod' } } },
    message: '@app/shared imports nothing but zod and its own files.',
  },
  {
    from: { element: { type: 'server-feature' }, file: source },
    disallow: { to: { element: { type: 'server-feature', fileInternalPath: '!*.service.ts' } } },
    message:
      'A server feature uses another feature only through its *.service.ts files ' +
      '({{ from.element.captured.feature }} → {{ to.element.captured.feature }}/{{ to.element.fileInternalPath }}).',
  },
  {
    from: { element: { type: 'server-base' }, file: source },
    disallow: { to: { element: { type: 'server-feature' } } },
    message: 'Server lib/ and db/ never import features.',
  },
];

export const importBoundaries = {
  files: ['packages/*/src/**/*.{ts,tsx}', 'packages/e2e/tests/**/*.ts'],
  plugins: { boundaries },
  settings: {
    'boundaries/root-path': import.meta.dirname,
    'boundaries/elements': elements,
    'boundaries/files': files,
    'boundaries/files-single-match': true,
    'boundaries/legacy-templates': false,
  },
  rules: {
    'boundaries/dependencies': ['error', { default: 'allow', checkAllOrigins: true, policies }],
  },
};

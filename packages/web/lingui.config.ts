import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** A test may use the macros with the app's own messages; it never adds messages to a catalog. */
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

/**
 * One catalog per feature (src/features/<name>/ → src/locales/<locale>/<name>.po) plus `common` for the
 * app shell, so each feature's strings are reviewed together. `lingui compile --strict` fails the
 * build when any Arabic string is missing.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/common',
      include: [
        '<rootDir>/src/app',
        '<rootDir>/src/components',
        '<rootDir>/src/lib',
        '<rootDir>/src/i18n',
        '<rootDir>/src/routes',
      ],
      exclude: TESTS,
    },
    {
      path: '<rootDir>/src/locales/{locale}/{name}',
      include: ['<rootDir>/src/features/{name}/'],
      exclude: TESTS,
    },
  ],
  // No source references: catalogs change only when strings do, so parallel work does not collide.
  format: formatter({ origins: false, lineNumbers: false }),
  orderBy: 'messageId',
});

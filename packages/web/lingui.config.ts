import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

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
    },
    {
      path: '<rootDir>/src/locales/{locale}/{name}',
      include: ['<rootDir>/src/features/{name}/'],
    },
  ],
  // No source references: catalogs change only when strings do, so parallel work does not collide.
  format: formatter({ origins: false, lineNumbers: false }),
  orderBy: 'messageId',
});

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importBoundaries } from './eslint.boundaries.config.js';

/** Web Storage is read through lib/browser-storage.ts, which survives a browser that refuses it (decision 157). */
const storageMessage =
  'Use localStore / sessionStore (lib/browser-storage.ts): a browser blocking site data throws here.';
const storageRule = {
  globals: ['localStorage', 'sessionStorage'].map((name) => ({ name, message: storageMessage })),
  properties: ['localStorage', 'sessionStorage'].map((property) => ({
    object: 'window',
    property,
    message: storageMessage,
  })),
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/dist-types/**',
      'data/**',
      '**/*.config.js',
      '**/*.config.ts',
      'packages/web/src/**/locales/**',
      'packages/e2e/test-results/**',
      'packages/e2e/.artifacts/**',
      'packages/server/drizzle/**',
      'scripts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and hooks are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through env.ts only.' },
      ],
    },
  },
  {
    files: [
      'packages/server/src/test/**',
      'packages/server/src/**/*.test.ts',
      'packages/server/src/bench/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: ['@app/server', '@app/server/*'],
          paths: [
            {
              name: 'react-router',
              importNames: ['useSearchParams'],
              message:
                'Use useAddressParams (lib/address-params.ts): it writes the query without moving the page.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...storageRule.globals],
      'no-restricted-properties': ['error', ...storageRule.properties],
    },
  },
  {
    // The one reader of the browser's storages, and tests that set them up as a browser would have.
    files: [
      'packages/web/src/lib/browser-storage.ts',
      'packages/web/src/**/*.test.{ts,tsx}',
      'packages/web/src/**/test/**',
      'packages/web/src/**/*-test-helpers.{ts,tsx}',
    ],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    // The one wrapper of useSearchParams, and tests that write an address as a reader would.
    files: ['packages/web/src/lib/address-params.ts', 'packages/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@app/server', '@app/server/*'] }] },
  },
  importBoundaries,
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);

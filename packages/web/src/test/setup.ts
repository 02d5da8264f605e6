import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { requireCatalogs } from '../i18n/i18n.ts';

// The app loads a feature's catalog with its route; component tests render features directly, so
// every catalog is in use from the start (activateLanguage then loads them all).
await requireCatalogs('admin', 'auth', 'authoring', 'certificates', 'landing', 'layout', 'learner');

// `findBy…` and `waitFor` wait up to 1 s by default, which the admin board's page changes overran on a
// loaded machine (CI's e2e beside it). A bound on waiting, not an assertion: a passing wait ends as soon
// as what it waits for is there.
configure({ asyncUtilTimeout: 4_000 });

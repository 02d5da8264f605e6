import '@testing-library/jest-dom/vitest';
import { requireCatalogs } from '../i18n/i18n.ts';

// The app loads a feature's catalog with its route; component tests render features directly, so
// every catalog is in use from the start (activateLanguage then loads them all).
await requireCatalogs('admin', 'auth', 'authoring', 'certificates', 'landing', 'layout', 'learner');

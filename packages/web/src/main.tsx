import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { activateLanguage, storedLanguage } from './i18n/i18n.ts';
import { Providers } from './app/providers.tsx';
import { canHydrate, createAppRouter, createHydratingRouter, type AppRouter } from './app/router.tsx';
import './styles.css';

const app = (router: AppRouter) => (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

const language = storedLanguage();
const container = document.getElementById('root')!;
// The server sent this page prerendered in the stored language (decision 022): adopt it. Otherwise
// (an app screen, or a choice the server did not know yet) render from scratch.
if (canHydrate(language)) {
  // createHydratingRouter() starts the route modules first: they register their catalogs, which
  // activateLanguage() then loads in the same round.
  const [router] = await Promise.all([createHydratingRouter(), activateLanguage(language)]);
  // A transition: React hydrates in slices and yields to the browser between them, instead of one
  // long task that would hold a tap on a slow phone (decision 040).
  startTransition(() => {
    hydrateRoot(container, app(router));
  });
} else {
  // Language first: the route modules' catalogs then load in it (requireCatalogs).
  await activateLanguage(language);
  const router = await createAppRouter();
  // As for hydration: the first screen (twenty cards on /dashboard) renders in slices.
  startTransition(() => {
    createRoot(container).render(app(router));
  });
}

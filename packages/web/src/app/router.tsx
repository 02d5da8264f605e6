import { createBrowserRouter, matchRoutes, type HydrationState } from 'react-router';
import { getToken } from '../lib/session-storage.ts';
import { prerenderedPageFits } from './prerendered-page.ts';
import { tellTargetWith } from '../lib/route-code.ts';
import { routes } from './routes.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The app's router, created once at start-up (main.tsx); session-expiry navigates with it. */
export let router: AppRouter;

// A page whose code cannot be fetched while the server answers is loaded whole at the address being
// opened (`route-code.ts`); during the first navigation, that is the page's own.
tellTargetWith(() => {
  const opening = router?.state.navigation.location;
  return opening ? router.createHref(opening) : undefined;
});

/**
 * Whether the page on screen is a prerendered copy this browser can adopt as it is: not the app
 * shell's placeholder, in the stored language, for the bare path it was rendered for (a query can
 * change what the page shows — the sign-up form for `?role=`, links carrying `?next=`), and not a
 * sign-in page a signed-in user is about to be sent away from.
 */
export function canHydrate(language: string): boolean {
  if (!prerenderedPageFits(language)) return false;
  const matches = matchRoutes(routes, window.location) ?? [];
  return !(getToken() && matches.some((match) => match.route.loader));
}

/**
 * Router for hydrating a prerendered page: the route modules of the current URL are loaded first
 * (so the first render is the same tree the server rendered) and their loaders count as done — the
 * public pages' only loader sends signed-in users away, and canHydrate() excluded those.
 */
export async function createHydratingRouter(): Promise<AppRouter> {
  const matches = matchRoutes(routes, window.location) ?? [];
  const loaderData: NonNullable<HydrationState['loaderData']> = {};
  await Promise.all(
    matches.map(async ({ route }) => {
      if (route.id && route.loader) loaderData[route.id] = null;
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
  router = createBrowserRouter(routes, { hydrationData: { loaderData } });
  return router;
}

/**
 * The router for a page rendered from scratch, once its first navigation is done (route modules and
 * loaders): its first render is the screen itself, and until then the app shell's placeholder stays
 * on the page instead of a blank one (decision 045).
 */
export async function createAppRouter(): Promise<AppRouter> {
  router = createBrowserRouter(routes);
  if (!router.state.initialized)
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  return router;
}

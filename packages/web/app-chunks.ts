import type { Plugin } from 'vite';

type Group = { name: string; test: (id: string) => boolean; priority: number };

/**
 * How the app's code is cut into files (decisions 046, 047). Left to itself, Rolldown gives every set
 * of lazy modules that share code its own chunk, so the learner's first screen arrived as ~50 files,
 * most under 1 kB; over HTTP/1.1 a phone fetches six at a time, a round trip each. The groups, each
 * claimed before the next (a group takes its members' dependencies along unless an earlier one has
 * them):
 *
 * - `shared`: what the small entries (`smallEntries`: the static landing page's module, the early
 *   modules of decisions 037 and 043) import, in one file (it was split by which entries use it: ten
 *   files under 1 kB before the app's first screen), so that those entries never load the groups
 *   below. The landing page loads 0.4 kB more of it than it uses.
 * - `app-entry`: what the app's entry (`app`) imports — React, React DOM, React Router, the router's
 *   setup with the root route and the not-found page — which every page that runs the app loads.
 * - `app-data`: what the data layout's lazy module (`dataLayout`) imports — React Query, the toasts,
 *   the API client — and what every first screen imports (`firstScreens`: each one's modules, as
 *   scripts/public-pages.mjs lists them): the UI kit's button, error panel and progress bar, the enrol
 *   action, the guards. Every page under that layout downloads most of it anyway, so one file costs
 *   it little (0.4–0.9 kB on the sign-in pages); the not-found page, outside it, loads no React Query.
 *
 * A closure does not walk through a `barrel` (`@app/shared`'s index, which re-exports every schema
 * and so zod): the pages take a few constants and types from it, and Rolldown's own splitting places
 * what they actually use. Walking through it put zod (24 kB) in the first group that reached it.
 */
export function appChunks({
  app,
  dataLayout,
  smallEntries,
  barrels,
  firstScreens,
}: {
  app: string;
  dataLayout: string;
  smallEntries: string[];
  barrels: string[];
  firstScreens: string[][];
}): { plugin: Plugin; groups: Group[] } {
  const members = new Map<string, Set<string>>();
  const group = (name: string, priority: number): Group => ({
    name,
    test: (id) => members.get(name)?.has(id) ?? false,
    priority,
  });
  const groups = [group('shared', 100), group('app-entry', 99), group('app-data', 98)];
  // The module graph is complete at buildEnd, before Rolldown asks the groups' tests.
  const plugin: Plugin = {
    name: 'app-chunks',
    apply: 'build',
    buildEnd() {
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id) || barrels.includes(id)) return;
          seen.add(id);
          (this.getModuleInfo(id)?.importedIds ?? []).forEach(visit);
        };
        roots.forEach(visit);
        return seen;
      };
      const claimed = new Set([...smallEntries, app]);
      const claim = (name: string, roots: string[]) => {
        const ids = [...closure(roots)].filter((id) => !claimed.has(id));
        ids.forEach((id) => claimed.add(id));
        members.set(name, new Set(ids));
      };
      claim('shared', smallEntries);
      claim('app-entry', [app]);
      const screens = firstScreens.map(closure);
      const inEveryScreen = [...(screens[0] ?? [])].filter((id) => screens.every((screen) => screen.has(id)));
      claim('app-data', [dataLayout, ...inEveryScreen]);
    },
  };
  return { plugin, groups };
}

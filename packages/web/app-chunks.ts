import type { Plugin } from 'vite';

type Group = { name: string; test: (id: string) => boolean; priority: number };

/**
 * How the app's code is cut into files (decision 046). Left to itself, Rolldown gives every set of
 * lazy modules that share code its own chunk, so the learner's first screen arrived as ~50 files,
 * most under 1 kB; over HTTP/1.1 a phone fetches six at a time, a round trip each. The groups, each
 * claimed before the next (a group takes its members' dependencies along unless an earlier one has
 * them):
 *
 * - `shared`: what the small entries (`smallEntries`: the static landing page's module, the early
 *   modules of decisions 037 and 043) import, in one file (it was split by which entries use it: ten
 *   files under 1 kB before the app's first screen), so that those entries never load the groups
 *   below. The landing page loads 0.4 kB more of it than it uses.
 * - `app-entry`: what the app's entry (`app`) imports — React, React DOM, React Router, the router's
 *   setup — which every page that runs the app loads.
 * - one group per layout (`layouts`, outermost first: `app-root`, `app-data`): what the layout's lazy
 *   module imports, beyond the groups before it. Every page under a layout downloads all of it
 *   already, so one file costs it no byte; a page outside the data layout (the not-found page) still
 *   loads no React Query. The last (innermost) layout's group also takes what every first screen
 *   (`firstScreens`: each one's modules, as scripts/public-pages.mjs lists them) imports — the UI
 *   kit's button, error panel and progress bar, the enrol action: four files fewer before either
 *   screen paints, for 0.4–0.6 kB more on the other pages under that layout (decision 047).
 *
 * A closure does not walk through a `barrel` (`@app/shared`'s index, which re-exports every schema
 * and so zod): the pages take a few constants and types from it, and Rolldown's own splitting places
 * what they actually use. Walking through it put zod (24 kB) in the first group that reached it.
 */
export function appChunks({
  app,
  layouts,
  smallEntries,
  barrels,
  firstScreens,
}: {
  app: string;
  layouts: Record<string, string>;
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
  const groups = [
    group('shared', 100),
    group('app-entry', 99),
    ...Object.keys(layouts).map((name, index) => group(`app-${name}`, 98 - index)),
  ];
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
      const innermost = Object.keys(layouts).at(-1);
      for (const [name, layout] of Object.entries(layouts))
        claim(`app-${name}`, name === innermost ? [layout, ...inEveryScreen] : [layout]);
    },
  };
  return { plugin, groups };
}

import type { Plugin } from 'vite';

type Group = { name: string; test: (id: string) => boolean; priority: number; entriesAware?: boolean };

/**
 * How the app's code is cut into files (decision 046). Left to itself, Rolldown gives every set of
 * lazy modules that share code its own chunk, so the learner's first screen arrived as ~50 files,
 * most under 1 kB; over HTTP/1.1 a phone fetches six at a time, a round trip each. The groups, each
 * claimed before the next (a group takes its members' dependencies along unless an earlier one has
 * them):
 *
 * - `shared`: what the small entries (`smallEntries`: the static landing page's module, the early
 *   modules of decisions 037 and 043) import, split by which entries use it as before, so that those
 *   entries never load the groups below.
 * - `app-entry`: what the app's entry (`app`) imports — React, React DOM, React Router, the router's
 *   setup — which every page that runs the app loads.
 * - one group per layout (`layouts`, outermost first: `app-root`, `app-data`): what the layout's lazy
 *   module imports, beyond the groups before it. Every page under a layout downloads all of it
 *   already, so one file costs it no byte; a page outside the data layout (the not-found page) still
 *   loads no React Query.
 */
export function appChunks({
  app,
  layouts,
  smallEntries,
}: {
  app: string;
  layouts: Record<string, string>;
  smallEntries: string[];
}): { plugin: Plugin; groups: Group[] } {
  const members = new Map<string, Set<string>>();
  const group = (name: string, priority: number, entriesAware = false): Group => ({
    name,
    test: (id) => members.get(name)?.has(id) ?? false,
    priority,
    ...(entriesAware ? { entriesAware } : {}),
  });
  const groups = [
    group('shared', 100, true),
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
          if (seen.has(id)) return;
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
      for (const [name, layout] of Object.entries(layouts)) claim(`app-${name}`, [layout]);
    },
  };
  return { plugin, groups };
}

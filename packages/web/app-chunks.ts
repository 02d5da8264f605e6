import type { Plugin } from 'vite';

type Group = { name: string; test: (id: string) => boolean; priority: number; entriesAware?: boolean };

/**
 * How the app's code is cut into files (decision 046). Left to itself, Rolldown gives every set of
 * lazy modules that share code its own chunk, so the learner's first screen arrived as ~50 files,
 * most under 1 kB; over HTTP/1.1 a phone fetches six at a time, a round trip each. Three groups:
 *
 * - `shared`, claimed first: what the small entries (`smallEntries`: the static landing page's module,
 *   the early modules of decisions 037 and 043) import, split by which entries use it as before, so
 *   that those entries never load the two groups below.
 * - `app-libraries`: the packages the app's entry (`app`) imports — React, React DOM, React Router…
 * - `app-frame`: what the lazy modules every app route loads (`frame`: the root and data layouts)
 *   import, React Query and the toasts with them. Every app route downloads all of it already, so
 *   one file costs no route a byte.
 */
export function appChunks({
  app,
  frame,
  smallEntries,
}: {
  app: string;
  frame: string[];
  smallEntries: string[];
}): {
  plugin: Plugin;
  groups: Group[];
} {
  let early = new Set<string>();
  let libraries = new Set<string>();
  let frameModules = new Set<string>();
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
      early = new Set([...closure(smallEntries)].filter((id) => !smallEntries.includes(id)));
      libraries = new Set(
        [...closure([app])].filter((id) => id.includes('/node_modules/') && !early.has(id)),
      );
      frameModules = new Set([...closure(frame)].filter((id) => !early.has(id)));
    },
  };
  return {
    plugin,
    groups: [
      { name: 'shared', test: (id) => early.has(id), priority: 3, entriesAware: true },
      { name: 'app-libraries', test: (id) => libraries.has(id), priority: 2 },
      { name: 'app-frame', test: (id) => frameModules.has(id), priority: 1 },
    ],
  };
}

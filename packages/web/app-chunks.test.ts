import { describe, expect, it } from 'vitest';
import { appChunks } from './app-chunks.ts';

/**
 * A module graph as Rolldown's `getModuleInfo` shows it at buildEnd (static imports only), and the
 * group each module lands in when the plugin has read it.
 */
function groupsOf(graph: Record<string, string[]>, options: Parameters<typeof appChunks>[0]) {
  const { plugin, groups } = appChunks(options);
  const context = { getModuleInfo: (id: string) => (id in graph ? { importedIds: graph[id] } : null) };
  (plugin.buildEnd as unknown as (this: typeof context) => void).call(context);
  return Object.fromEntries(
    Object.keys(graph).map((id) => [id, groups.find((group) => group.test(id))?.name ?? null]),
  );
}

const graph = {
  landing: ['i18n', 'barrel'],
  requests: ['i18n', 'paths'],
  main: ['react', 'routes'],
  routes: ['root', 'paths'],
  root: ['react'],
  'data-layout': ['query', 'barrel'],
  dashboard: ['button', 'progress', 'barrel', 'dashboard-only'],
  course: ['button', 'progress', 'viewer-only'],
  barrel: ['constants', 'zod'],
  constants: [],
  zod: [],
  i18n: ['constants'],
  paths: [],
  react: [],
  query: [],
  button: ['react'],
  progress: [],
  'dashboard-only': [],
  'viewer-only': [],
};

describe('appChunks', () => {
  const groups = groupsOf(graph, {
    app: 'main',
    dataLayout: 'data-layout',
    smallEntries: ['landing', 'requests'],
    barrels: ['barrel'],
    firstScreens: [
      ['requests', 'data-layout', 'dashboard'],
      ['requests', 'data-layout', 'course'],
    ],
  });

  it("puts the small entries' imports in one shared group, claimed before the app's", () => {
    expect(groups).toMatchObject({ i18n: 'shared', paths: 'shared', landing: null, requests: null });
  });

  it("puts the app entry's imports, the root route with them, in app-entry", () => {
    expect(groups).toMatchObject({ react: 'app-entry', routes: 'app-entry', root: 'app-entry', main: null });
  });

  it('puts the data layout and what every first screen imports in app-data, and nothing only one uses', () => {
    expect(groups).toMatchObject({
      'data-layout': 'app-data',
      query: 'app-data',
      button: 'app-data',
      progress: 'app-data',
      dashboard: null,
      course: null,
      'dashboard-only': null,
      'viewer-only': null,
    });
  });

  it("never walks through a barrel: zod stays where Rolldown's own splitting puts it", () => {
    // `constants` is the early modules' all the same: i18n imports it without the barrel.
    expect(groups).toMatchObject({ barrel: null, zod: null, constants: 'shared' });
  });

  it('with the barrel walked through, the first group to reach it takes zod (what decision 047 ended)', () => {
    const walked = groupsOf(graph, {
      app: 'main',
      dataLayout: 'data-layout',
      smallEntries: ['landing', 'requests'],
      barrels: [],
      firstScreens: [],
    });
    expect(walked).toMatchObject({ zod: 'shared', barrel: 'shared' });
  });
});

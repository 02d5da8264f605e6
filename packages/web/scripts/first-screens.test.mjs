import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREENS } from '../src/app/first-screens.ts';
import { routes } from '../src/app/routes.tsx';
import { FIRST_SCREENS as LISTED_SCREENS } from './public-pages.mjs';

/**
 * The app shell's first screens (decisions 043, 044) are described three times: their requests in
 * src/app/first-screens.ts, their routes in src/app/routes.tsx, their modules in public-pages.mjs.
 */
const sample = (pattern) => pattern.replace(/:\w+/g, 'c1');

/** Every path of routes.tsx without parameters (`/course/add-course`…): each is its own screen. */
function staticPaths(tree) {
  return tree.flatMap((route) => [
    ...(route.path && !/[:*]/.test(route.path) ? [route.path] : []),
    ...staticPaths(route.children ?? []),
  ]);
}

describe('first screens', () => {
  it('are the routes whose modules public-pages.mjs lists with the shell module, and no other', () => {
    const listed = Object.keys(LISTED_SCREENS);
    expect(listed).not.toHaveLength(0);
    expect(FIRST_SCREENS.map((screen) => screen.pattern).sort()).toEqual(listed.sort());
  });

  it.each(FIRST_SCREENS.map((screen) => [screen.pattern, screen]))(
    '%s is the route routes.tsx matches for the addresses its request is made for',
    (pattern, screen) => {
      const path = sample(pattern);
      expect(screen.request(path, new URLSearchParams())).not.toBeNull();
      expect(matchRoutes(routes, path)?.at(-1)?.route.path).toBe(pattern);
      // A static route that the pattern would match (`/course/add-course`) is another screen.
      for (const other of staticPaths(routes).filter((each) => each !== pattern))
        expect(screen.request(other, new URLSearchParams()), other).toBeNull();
    },
  );

  it('ask for what the screens’ queries ask', () => {
    const [dashboard, course] = FIRST_SCREENS;
    expect(dashboard.request('/dashboard', new URLSearchParams('q=%20data%20'))).toBe(
      '/course/approved?limit=12&q=data',
    );
    expect(course.request('/course/a%2Fb', new URLSearchParams())).toBe('/user/course/a%2Fb');
    const none = new URLSearchParams();
    expect(dashboard.cover({ data: [{ preview_image: '/api/v1/files/1' }] }, none)).toBe('/api/v1/files/1');
    expect(dashboard.cover({ data: [] }, none)).toBeUndefined();
    expect(course.cover({ data: { preview_image: '/api/v1/files/2' } }, none)).toBe('/api/v1/files/2');
    expect(course.cover({ data: { preview_image: null } }, none)).toBeNull();
    // A lesson named in the address is what the viewer opens on: the welcome and its cover are not shown.
    const lesson = new URLSearchParams('resource=r1');
    expect(course.cover({ data: { preview_image: '/api/v1/files/2' } }, lesson)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { routeFiles } from './route-assets.mjs';

// A Vite manifest in miniature: the entry, two route modules sharing a chunk, a lazy PDF chunk
// behind a dynamic import, and catalogs per language.
const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'src/routes/root.tsx': { file: 'assets/root.js', imports: ['_shared.js'] },
  'src/routes/viewer.tsx': {
    file: 'assets/viewer.js',
    imports: ['_shared.js'],
    dynamicImports: ['src/pdf.tsx'],
    css: ['assets/viewer.css'],
  },
  'src/pdf.tsx': { file: 'assets/pdf.js', isDynamicEntry: true },
  'src/static.ts': { file: 'assets/static.js', isEntry: true, imports: ['_tiny.js'] },
  '_tiny.js': { file: 'assets/tiny.js' },
  'src/locales/en/learner.po': { file: 'assets/learner-en.js' },
  'src/locales/ar/learner.po': { file: 'assets/learner-ar.js' },
};

describe('routeFiles', () => {
  it('counts the entry, the route modules, their static imports once each and the language catalogs', () => {
    const route = { modules: ['src/routes/root.tsx', 'src/routes/viewer.tsx'], catalogs: ['learner'] };
    expect(routeFiles(manifest, route, 'ar')).toEqual({
      js: [
        'assets/index.js',
        'assets/react.js',
        'assets/root.js',
        'assets/shared.js',
        'assets/viewer.js',
        'assets/learner-ar.js',
      ],
      css: ['assets/index.css', 'assets/viewer.css'],
    });
  });

  it('counts a static page from its own entry instead of the app', () => {
    const route = { entry: 'src/static.ts', modules: [], catalogs: [] };
    expect(routeFiles(manifest, route, 'en')).toEqual({
      js: ['assets/static.js', 'assets/tiny.js'],
      css: [],
    });
  });

  it('names a module the manifest does not have', () => {
    expect(() => routeFiles(manifest, { modules: ['src/routes/gone.tsx'], catalogs: [] }, 'en')).toThrow(
      /src\/routes\/gone\.tsx is not in the Vite manifest/,
    );
  });
});

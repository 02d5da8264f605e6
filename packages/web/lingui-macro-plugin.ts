import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

/**
 * Compiles Lingui's macros (`t`, `<Trans>`, `msg`… from `@lingui/*\/macro`) with Babel before Vite's
 * own TypeScript/JSX transform. This is all `@rolldown/plugin-babel` did for us, and that package
 * requires Node 22 while we run on Node 20 (docs/decisions/015-embedded-backup-and-node-20-dependencies.md).
 */
export function linguiMacro(): Plugin {
  return {
    name: 'lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (file.includes('/node_modules/') || !/\.[jt]sx?$/.test(file) || !/@lingui\/[\w/]*macro/.test(code))
        return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: {
          sourceType: 'module',
          plugins: [
            ...(/\.tsx?$/.test(file) ? (['typescript'] as const) : []),
            ...(/x$/.test(file) ? (['jsx'] as const) : []),
          ],
        },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}

import { config } from 'zod/v4/core';

/**
 * The browser's `zod` (vite.config.ts aliases the bare specifier here, for our code and the shared
 * contract alike): zod 4 with its `new Function` parser compiler off. zod probes whether it may
 * compile when an object schema is created; the CSP (script-src 'self') reports that probe as a
 * violation even though zod catches it. Setting the option here runs before any schema exists.
 */
config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';

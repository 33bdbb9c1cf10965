import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * React Router 7's package exports name only its development build (warnings, checks): the
 * console's build takes the production build beside it, which the package ships but does not
 * export. Measured on the players page: the router's own code took 47 ms of each full load.
 */
const routerEntry = createRequire(import.meta.url).resolve('react-router');
const reactRouterProduction = path.join(routerEntry.slice(0, routerEntry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'dist', 'production', 'index.mjs');

/**
 * The endpoint table's `summary` of each call is documentation (OpenAPI at /api/docs): the
 * console never reads it, so its build drops the property from the table's meta modules.
 */
const SUMMARY = /\bsummary:\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`$]*`),/g;
const dropEndpointSummaries = (): Plugin => ({
  name: 'pitboss:drop-endpoint-summaries',
  enforce: 'pre',
  transform(code, id) {
    if (!/packages[\\/]contract[\\/]src[\\/]endpoints[\\/]meta[\\/][^/\\]+\.ts$/.test(id)) return null;
    return { code: code.replace(SUMMARY, ''), map: null };
  },
});

/**
 * The console build. The entry holds React, the router, the data cache and the login page
 * only; the signed-in console (MUI, shell) and every page are lazy chunks (see
 * src/routes/AppRouter.tsx and src/routes/registry.ts). Vendor code is split into a few
 * long-lived chunks. The manifest (dist/.vite/manifest.json) feeds scripts/budget.mjs.
 */
export default defineConfig(({ command }) => ({
  plugins: [dropEndpointSummaries(), react()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            // MUI's styling core is needed by every screen; MUI components are left to the
            // automatic splitting so a component used only by one lazy page ships with it.
            { name: 'mui-core', test: /node_modules[\\/](@emotion|stylis|@mui[\\/](system|utils|styled-engine|private-theming|core-downloads-tracker)|@mui[\\/]material[\\/](styles|utils|node[\\/]styles))[\\/]/, priority: 20 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 10 },
            { name: 'notistack', test: /node_modules[\\/](notistack|goober)[\\/]/, priority: 10 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
            // The contract's zod-free part (roles, routes, permissions, messages, decimals, the endpoint
            // table's meta) that the shell needs; the schemas stay with the pages that use them.
            { name: 'contract-core', test: /packages[\\/]contract[\\/]src[\\/](roles|routes|permissions|constants|messages|time|login|two-factor|decimal|endpoints[\\/](define|index|meta[\\/][^/\\]+))\.ts$/, priority: 15 },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
}));

// Compiles the server (and the contract it imports as TypeScript source) into one ES module,
// dist/main.js, which `npm start` runs with plain Node. Every npm package stays external and
// is loaded from node_modules at run time (native and wasm ones such as @node-rs/argon2 and
// @electric-sql/pglite must be); only the workspace's own TypeScript is bundled.
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');
const t0 = Date.now();

/** Bare imports (npm packages, node: builtins) stay imports; @pitboss/* sources are compiled in. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pitboss/') ? undefined : { path: args.path, external: true }));
  },
};

const result = await build({
  entryPoints: [path.join(serverRoot, 'src/main.ts')],
  outfile: path.join(serverRoot, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  sourcesContent: false,
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((s, o) => s + o.bytes, 0);
console.log(`Server compiled to ${path.relative(process.cwd(), path.join(serverRoot, 'dist/main.js'))} (${(bytes / 1024).toFixed(0)} kB with its source map) in ${Date.now() - t0} ms`);

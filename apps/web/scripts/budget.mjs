// The console's JavaScript budget, checked after each build (from the Vite manifest,
// dist/.vite/manifest.json, and the precompressed copies written by compress.mjs):
//
// - first load: what a cold visit of /login downloads before the login page renders: the
//   script and modulepreload links of index.html and everything they import statically
//   (the login page is part of the entry). Budget FIRST_LOAD_KB, gzip.
// - every lazy chunk (each page, the signed-in console, each lazily loaded dialog): its own
//   code, i.e. the chunks it needs that are not loaded already: for a top-level chunk (the
//   console, /admin) beyond the first load; for a page or dialog beyond the first load and
//   the console, and for a dialog that only pages open, beyond the page that opens it. Budget LAZY_KB, gzip, each; the console (shell) SHELL_KB.
//
// Sizes are gzip as transferred (the .gz files the server sends; brotli, smaller, shown too).
// Exits non-zero when a budget is exceeded, so `npm run build` fails.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const FIRST_LOAD_KB = 180;
const LAZY_KB = 60;
const SHELL_KB = 160;
const CONSOLE_SRC = 'src/console/ConsoleRoot.tsx';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const keyByFile = new Map(Object.entries(manifest).map(([k, v]) => [v.file, k]));

/** Transferred bytes of one file: its precompressed copy, or the file when none was written (too small to gain). */
const sizeCache = new Map();
function sizes(file) {
  if (!sizeCache.has(file)) {
    const p = path.join(dist, file);
    const raw = fs.statSync(p).size;
    const pick = (ext, make) => (fs.existsSync(p + ext) ? fs.statSync(p + ext).size : Math.min(raw, make(fs.readFileSync(p)).length));
    sizeCache.set(file, { raw, gz: pick('.gz', (d) => zlib.gzipSync(d, { level: 9 })), br: pick('.br', (d) => zlib.brotliCompressSync(d)) });
  }
  return sizeCache.get(file);
}

/** A chunk and every chunk it imports statically (the browser needs them all before it runs). */
function closure(keys) {
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k)) return;
    if (!manifest[k]) throw new Error(`${k} is not in the Vite manifest`);
    seen.add(k);
    for (const i of manifest[k].imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return seen;
}

const total = (keys) => [...keys].reduce((s, k) => { const z = sizes(manifest[k].file); return { raw: s.raw + z.raw, gz: s.gz + z.gz, br: s.br + z.br }; }, { raw: 0, gz: 0, br: 0 });
const minus = (a, b) => new Set([...a].filter((k) => !b.has(k)));
const kb = (n) => (n / 1024).toFixed(1);

// What index.html makes the browser fetch: its module script and modulepreload links.
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const htmlFiles = [...html.matchAll(/<script[^>]*\bsrc="\/([^"]+)"|<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1] ?? m[2]);
if (/<script(?![^>]*\bsrc=)[^>]*>/.test(html)) throw new Error('index.html has an inline script: the Content-Security-Policy (script-src \'self\') would block it');
const firstLoad = closure(htmlFiles.map((f) => { const k = keyByFile.get(f); if (!k) throw new Error(`${f} (index.html) is not in the manifest`); return k; }));
const cssFirst = [...firstLoad].flatMap((k) => manifest[k].css ?? []);

if (!manifest[CONSOLE_SRC]) throw new Error(`${CONSOLE_SRC} is not a chunk of its own: the console must stay lazy`);
const consoleAll = closure([CONSOLE_SRC]);
const signedIn = new Set([...firstLoad, ...consoleAll]);

const failures = [];
const rows = [];
const fl = total(firstLoad);
rows.push(['first load (/login)', fl, firstLoad.size, FIRST_LOAD_KB]);
if (fl.gz > FIRST_LOAD_KB * 1024) failures.push(`first load ${kb(fl.gz)} kB gzip > ${FIRST_LOAD_KB} kB`);

for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const importers = Object.values(manifest).filter((c) => (c.dynamicImports ?? []).includes(key)).map((c) => keyByFile.get(c.file));
  const topLevel = importers.every((k) => firstLoad.has(k));
  // A dialog that only a page opens loads after that page: its own code is what it adds to the
  // page (the largest such addition when several pages open it).
  const base = (importer) => (topLevel ? firstLoad : signedIn.has(importer) ? signedIn : new Set([...signedIn, ...closure([importer])]));
  const own = importers.map((k) => minus(closure([key]), base(k))).reduce((a, b) => (total(b).gz > total(a).gz ? b : a));
  const t = total(own);
  const limit = key === CONSOLE_SRC ? SHELL_KB : LAZY_KB;
  const kind = key === CONSOLE_SRC ? 'console shell' : topLevel ? 'lazy' : '  page/dialog';
  rows.push([`${kind} ${key.replace(/^src\//, '')}`, t, own.size, limit]);
  if (t.gz > limit * 1024) failures.push(`${key}: ${kb(t.gz)} kB gzip > ${limit} kB`);
}
// First load, then top-level lazy chunks, the console shell, then pages and dialogs by name.
const order = (name) => (name.startsWith('first') ? 0 : name.startsWith('lazy') ? 1 : name.startsWith('console') ? 2 : 3);
rows.sort((x, y) => order(x[0]) - order(y[0]) || x[0].localeCompare(y[0]));

const w = Math.max(...rows.map((r) => r[0].length));
console.log(`\nJavaScript budget (kB; gzip is the budget, as transferred to a gzip client; brotli clients get less)`);
console.log(`${'chunk'.padEnd(w)}  ${'files'.padStart(5)}  ${'raw'.padStart(7)}  ${'gzip'.padStart(6)}  ${'brotli'.padStart(6)}  budget`);
for (const [name, t, n, limit] of rows) {
  console.log(`${name.padEnd(w)}  ${String(n).padStart(5)}  ${kb(t.raw).padStart(7)}  ${kb(t.gz).padStart(6)}  ${kb(t.br).padStart(6)}  ${t.gz > limit * 1024 ? 'OVER ' : '≤ '}${limit}`);
}
const css = cssFirst.reduce((s, f) => s + sizes(f).gz, 0);
console.log(`(first load also has ${cssFirst.length} stylesheet${cssFirst.length === 1 ? '' : 's'}: ${kb(css)} kB gzip)`);
if (failures.length) {
  console.error(`\nOver budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('Within budget.');

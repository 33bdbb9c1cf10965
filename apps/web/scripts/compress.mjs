// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the console build, at
// the highest levels (done once at build time, not per request). The server sends them as
// they are (@fastify/static `preCompressed`). A copy that would not be smaller is not written.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

function* files(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === '.vite') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (TEXT.test(e.name)) yield p;
  }
}

let count = 0;
let raw = 0;
let br = 0;
let gz = 0;
for (const file of files(dist)) {
  const data = fs.readFileSync(file);
  const b = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  const g = zlib.gzipSync(data, { level: 9 });
  if (b.length < data.length) fs.writeFileSync(`${file}.br`, b);
  if (g.length < data.length) fs.writeFileSync(`${file}.gz`, g);
  count++;
  raw += data.length;
  br += Math.min(b.length, data.length);
  gz += Math.min(g.length, data.length);
}
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log(`Precompressed ${count} files: ${kb(raw)} → brotli ${kb(br)}, gzip ${kb(gz)}`);

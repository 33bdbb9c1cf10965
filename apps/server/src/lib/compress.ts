/**
 * API answers compressed for a client that accepts it: brotli (quality 4), else gzip. A list
 * page of 50 transactions is about 50 kB of JSON and about 6 kB compressed, which is what a
 * staff member on a remote network waits for. Compression runs on libuv's thread pool (zlib's
 * asynchronous calls), not on the server's thread.
 *
 * Left as they are:
 * - answers under 1 kB (compressing them saves nothing worth a header);
 * - answers of the endpoints the table marks `secret` (a revealed card number or IBAN, a
 *   player's personal details, two-factor setup): a compressed secret beside text the caller
 *   chose would leak through the answer's length (BREACH);
 * - streams and buffers (file downloads, exports, the live events stream) and anything outside `/api/`
 *   (the console's files are compressed at build, see app.ts).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Answers shorter than this (in characters of JSON) are sent as they are. */
export const COMPRESS_MIN_LENGTH = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type AnswerEncoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an Accept-Encoding header: brotli when it is accepted, else
 * gzip, else none. A coding listed with `q=0` is refused; `*` accepts any coding not listed.
 */
export function answerEncoding(acceptEncoding: string | string[] | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: AnswerEncoding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Compresses `/api/` answers as described above (an onSend hook: after serialization, before the length is set). */
export function registerAnswerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || !req.url.startsWith('/api/')) return payload;
    if (payload.length < COMPRESS_MIN_LENGTH || reply.hasHeader('content-encoding')) return payload;
    if (req.routeOptions.config?.secret) return payload;
    // The answer depends on Accept-Encoding from here on, whether or not this one is compressed.
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = answerEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = encoding === 'br'
      ? await brotli(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } })
      : await gzip(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}

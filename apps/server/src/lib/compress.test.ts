import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_LENGTH, answerEncoding, registerAnswerCompression } from './compress.js';

describe('answerEncoding', () => {
  it('prefers brotli, else gzip, else none', () => {
    expect(answerEncoding('gzip, deflate, br')).toBe('br');
    expect(answerEncoding('gzip, deflate')).toBe('gzip');
    expect(answerEncoding('deflate')).toBeNull();
    expect(answerEncoding('identity')).toBeNull();
    expect(answerEncoding(undefined)).toBeNull();
    expect(answerEncoding('')).toBeNull();
  });
  it('refuses a coding listed with q=0, and reads * for the codings not listed', () => {
    expect(answerEncoding('br;q=0, gzip')).toBe('gzip');
    expect(answerEncoding('br; q=0, gzip;q=0')).toBeNull();
    expect(answerEncoding('*')).toBe('br');
    expect(answerEncoding('br;q=0, *')).toBe('gzip');
    expect(answerEncoding('*;q=0')).toBeNull();
    expect(answerEncoding(['gzip', 'BR;q=0.5'])).toBe('br');
  });
});

describe('API answers compressed', () => {
  const app = Fastify();
  const big = { success: true, data: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `player-${i}`, balance: '1,234.50' })), messages: [] };
  const bigText = JSON.stringify(big);
  beforeAll(async () => {
    registerAnswerCompression(app);
    app.get('/api/big', async () => big);
    app.get('/api/small', async () => ({ success: true, data: 1, messages: [] }));
    app.get('/api/secret', { config: { secret: true } }, async () => big);
    app.get('/api/stream', async (_req, reply) => reply.type('text/csv').send(Readable.from([bigText])));
    app.get('/big', async () => big);
    await app.ready();
  });
  afterAll(() => app.close());
  const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('answers a large JSON answer in brotli or gzip, whichever the client accepts, and says it varies', async () => {
    expect(bigText.length).toBeGreaterThan(COMPRESS_MIN_LENGTH);
    const br = await get('/api/big', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(bigText.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(big);
    const gz = await get('/api/big', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(big);
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
  });

  it('answers as it is a client that accepts no compression, with the Vary header', async () => {
    const r = await get('/api/big');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.json()).toEqual(big);
  });

  it('leaves alone a small answer, an answer carrying secrets, a stream and anything outside /api', async () => {
    for (const url of ['/api/small', '/api/secret', '/api/stream', '/big']) {
      const r = await get(url, 'br, gzip');
      expect(r.headers['content-encoding'], url).toBeUndefined();
    }
    expect((await get('/api/secret', 'br')).json()).toEqual(big);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stub received, its JSON body parsed. */
export interface StubRequest { method: string; url: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> | null }

/** Answers JSON, or plain text when the body is a string (a provider that does not answer JSON). */
export function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export interface JsonStub { base: string; seen: StubRequest[]; close(): Promise<void> }

/**
 * A local HTTP stub of an outside service's documented JSON API (payment providers, the
 * sportsbook): it records every request in `seen`, answers 401 with `unauthorized` when the
 * bearer key is not `key`, and hands the rest to `handle`.
 */
export async function startJsonStub(
  key: string, unauthorized: unknown, handle: (req: StubRequest, res: http.ServerResponse, seen: readonly StubRequest[]) => void,
): Promise<JsonStub> {
  const seen: StubRequest[] = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => { data += c; });
    req.on('end', () => {
      const r: StubRequest = { method: req.method!, url: req.url!, headers: req.headers, body: data ? JSON.parse(data) as Record<string, unknown> : null };
      seen.push(r);
      if (req.headers.authorization !== `Bearer ${key}`) return send(res, 401, unauthorized);
      handle(r, res, seen);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

import type { Envelope } from '@pitboss/contract';

/** An error with an HTTP status and the spec's envelope messages. */
export class HttpError extends Error {
  constructor(public statusCode: number, public messages: string[], public status?: string, public data: unknown = null) {
    super(messages.join('; '));
  }
}
export const badRequest = (...m: string[]) => new HttpError(400, m);
export const forbidden = (m: string) => new HttpError(403, [m]);
export const notFound = (m: string) => new HttpError(404, [m]);
export const conflict = (m: string, status?: string) => new HttpError(409, [m], status);

export const ok = <T>(data: T, messages: string[] = []): Envelope<T> => ({ success: true, data, messages });

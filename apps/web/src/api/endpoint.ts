/**
 * The console's typed client, built from the contract's endpoint table: `api(name, input)`
 * knows the method and path of every call and infers what it sends and answers from the
 * table's schemas (types only: no zod reaches the browser through here). Money calls require
 * an `idempotencyKey` (see kit/useIdempotencyKey).
 */
import { ENDPOINTS, fillPath, type EndpointName } from '@pitboss/contract/endpoints';
import type { BodyOf, DataOf, ParamsOf, QueryOf } from '@pitboss/contract/endpoint-schemas';
import type { Envelope } from '@pitboss/contract';
import { call, qs } from './client';

type Meta<K extends EndpointName> = (typeof ENDPOINTS)[K];
type Opt<T, F extends string> = [T] extends [undefined] ? { [P in F]?: undefined } : { [P in F]: T };
/** An upload endpoint (`multipart: true`) also takes a form. */
type BodyInput<K extends EndpointName> = Meta<K> extends { multipart: true } ? BodyOf<K> | FormData : BodyOf<K>;

/** What one call takes: its body, query and path parameters as the table declares them, and the key of a money call. */
export type Input<K extends EndpointName> =
  & Opt<BodyInput<K>, 'body'>
  & Opt<QueryOf<K>, 'query'>
  & Opt<ParamsOf<K>, 'params'>
  & (Meta<K> extends { money: true } ? { idempotencyKey: string } : { idempotencyKey?: undefined });

export type Answer<K extends EndpointName> = Envelope<DataOf<K>> & { warnings?: string[] };

/** Call an endpoint of the table; resolves with the whole envelope (data, messages, warnings). */
export async function api<K extends EndpointName>(name: K, input: Input<K>): Promise<Answer<K>> {
  const meta = ENDPOINTS[name];
  const i = input as { body?: unknown; query?: Record<string, unknown>; params?: Record<string, string>; idempotencyKey?: string };
  const url = fillPath(meta.path, i.params) + (i.query ? qs(i.query) : '');
  const headers = i.idempotencyKey ? { 'Idempotency-Key': i.idempotencyKey } : undefined;
  return (await call<DataOf<K>>(meta.method, url, i.body, headers)) as Answer<K>;
}

/** The `data` of a call (for queries). */
export const apiData = async <K extends EndpointName>(name: K, input: Input<K>): Promise<DataOf<K>> => (await api(name, input)).data;


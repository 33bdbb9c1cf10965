import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { infraSimObjects } from '../db/schema.js';

/**
 * The state of a simulated outside service (Cloudflare, Front Door, Auth0) in `infra_sim_objects`:
 * one row per object, so every process sees one simulated provider and it survives a restart.
 */
export class SimStore {
  constructor(private readonly db: Db, private readonly service: string) {}

  async get<T>(kind: string, id: string): Promise<(T & { createdAt: Date }) | null> {
    const [r] = await this.db.select().from(infraSimObjects)
      .where(and(eq(infraSimObjects.service, this.service), eq(infraSimObjects.kind, kind), eq(infraSimObjects.id, id))).limit(1);
    return r ? { ...(r.data as T), createdAt: r.createdAt } : null;
  }

  async list<T>(kind: string, parentId?: string): Promise<(T & { id: string; createdAt: Date })[]> {
    const rows = await this.db.select().from(infraSimObjects)
      .where(and(eq(infraSimObjects.service, this.service), eq(infraSimObjects.kind, kind), parentId === undefined ? undefined : eq(infraSimObjects.parentId, parentId)))
      .orderBy(asc(infraSimObjects.createdAt), asc(infraSimObjects.id));
    return rows.map((r) => ({ ...(r.data as T), id: r.id, createdAt: r.createdAt }));
  }

  /** Insert; false when an object of that id exists already. */
  async insert(kind: string, id: string, data: object, parentId: string | null = null, createdAt?: Date): Promise<boolean> {
    const rows = await this.db.insert(infraSimObjects).values({ service: this.service, kind, id, parentId, data: data as Record<string, unknown>, ...(createdAt ? { createdAt } : {}) })
      .onConflictDoNothing().returning({ id: infraSimObjects.id });
    return rows.length > 0;
  }

  async update(kind: string, id: string, data: object): Promise<boolean> {
    const rows = await this.db.update(infraSimObjects).set({ data: data as Record<string, unknown>, updatedAt: sql`now()` })
      .where(and(eq(infraSimObjects.service, this.service), eq(infraSimObjects.kind, kind), eq(infraSimObjects.id, id))).returning({ id: infraSimObjects.id });
    return rows.length > 0;
  }

  async remove(kind: string, id: string): Promise<boolean> {
    const rows = await this.db.delete(infraSimObjects)
      .where(and(eq(infraSimObjects.service, this.service), eq(infraSimObjects.kind, kind), eq(infraSimObjects.id, id))).returning({ id: infraSimObjects.id });
    return rows.length > 0;
  }

  async removeChildren(kind: string, parentId: string): Promise<void> {
    await this.db.delete(infraSimObjects).where(and(eq(infraSimObjects.service, this.service), eq(infraSimObjects.kind, kind), eq(infraSimObjects.parentId, parentId)));
  }
}

/** A short stable hex id from a text (simulated provider ids). */
export function simId(seed: string, length = 32): string {
  let h1 = 0x811c9dc5, h2 = 0x01000193;
  let out = '';
  let i = 0;
  while (out.length < length) {
    for (const c of `${seed}:${i}`) { h1 = Math.imul(h1 ^ c.charCodeAt(0), 16777619) >>> 0; h2 = Math.imul(h2 + c.charCodeAt(0), 2246822519) >>> 0; }
    out += ((h1 ^ h2) >>> 0).toString(16).padStart(8, '0');
    i++;
  }
  return out.slice(0, length);
}

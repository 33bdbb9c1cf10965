import type { PGlite } from '@electric-sql/pglite';

/**
 * pg-boss's `db` option for PGlite (one in-process connection shared with the API). pg-boss
 * sends parameterised single statements, and, without parameters, multi-statement scripts; its
 * maintenance scripts are `BEGIN; …; COMMIT;`, run here inside PGlite's own transaction (rolled
 * back on error, so a failed script never leaves the shared connection inside a transaction).
 * After `close()` every call answers no rows: pg-boss may still complete a job while stopping.
 */
export class PgliteBossAdapter {
  private closed = false;

  constructor(private readonly pg: PGlite) {}

  close(): void { this.closed = true; }

  async executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }> {
    if (this.closed) return { rows: [] };
    if (values && values.length) return this.pg.query(text, values as any[]);
    const script = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/.exec(text);
    if (script) return this.pg.transaction(async (tx) => (await tx.exec(script[1]!)).at(-1) ?? { rows: [] });
    return (await this.pg.exec(text)).at(-1) ?? { rows: [] };
  }
}

/**
 * The permission catalogue's built-in keys: every key the console checks (`PERMISSION_KEYS`) is
 * in the `permissions` table with its label, tag and allowed roles (`builtInPermission`). Run at
 * every start after the migrations: a key added to the code appears in the catalogue; an entry
 * staff edited keeps its description, tags and roles.
 */
import { sql } from 'drizzle-orm';
import { PERMISSION_KEYS, builtInPermission } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { permissions } from '../../db/schema.js';

export async function syncPermissionCatalogue(db: Db): Promise<void> {
  const rows = PERMISSION_KEYS.map((key) => ({ key, ...builtInPermission(key), builtIn: true }));
  await db.insert(permissions).values(rows).onConflictDoUpdate({ target: permissions.key, set: { builtIn: sql`true` }, setWhere: sql`not ${permissions.builtIn}` });
}

/**
 * Crypto networks (000 §2.3, §3, §5, §7, §8). Platform-wide rows, one per network of the
 * contract's CRYPTO_NETWORKS (a network without a row has no keys yet). The list masks every key
 * to its last 4 characters; the full keys leave the server only through `cryptoNetworks.get`
 * (SUPER_ADMIN, ADMIN). A save replaces the network's list (validated by the contract's schema:
 * non-blank, no whitespace, unique) under a row lock; its activity keeps the count and the last 4
 * characters of the keys before and after, never a key.
 */
import { eq, sql } from 'drizzle-orm';
import { CRYPTO_NETWORKS, CRYPTO_NETWORK_LABELS, CRYPTO_NETWORK_MESSAGES, maskKey, type CryptoNetwork } from '@pitboss/contract';
import { cryptoNetworks } from '../../db/schema.js';
import { ok } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';
import type { Handlers } from '../../platform/endpoints.js';

type Row = typeof cryptoNetworks.$inferSelect;

const viewOf = (network: CryptoNetwork, row: Row | undefined, full: boolean) => {
  const keys = row?.explorerApiKeys ?? [];
  return {
    networkName: network, title: CRYPTO_NETWORK_LABELS[network].title, explorer: CRYPTO_NETWORK_LABELS[network].explorer,
    keys: full ? keys : keys.map(maskKey), keysCount: keys.length,
    updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null, updatedBy: row?.updatedBy ?? null,
  };
};

/** What an activity may say of a key list: how many and their last 4 characters. */
const summary = (keys: readonly string[]) => ({ keysCount: keys.length, lastFour: keys.map((k) => k.slice(-4)) });

export const cryptoNetworkHandlers: Handlers<'cryptoNetworks.list' | 'cryptoNetworks.get' | 'cryptoNetworks.update'> = {
  'cryptoNetworks.list': async ({ db }) => {
    const rows = await db.select().from(cryptoNetworks);
    const by = new Map(rows.map((r) => [r.networkName, r]));
    return ok({ items: CRYPTO_NETWORKS.map((n) => viewOf(n, by.get(n), false)) });
  },

  'cryptoNetworks.get': async ({ db, params }) => {
    const [row] = await db.select().from(cryptoNetworks).where(eq(cryptoNetworks.networkName, params.networkName)).limit(1);
    return ok(viewOf(params.networkName, row, true));
  },

  'cryptoNetworks.update': async ({ db, user, body: b, audit }) => db.transaction(async (tx) => {
    // The row exists (inserted empty if new) and is locked: two saves apply one after the other.
    await tx.insert(cryptoNetworks).values({ networkName: b.networkName }).onConflictDoNothing();
    const [before] = await rowsOf<{ keys: string[] }>(tx, sql`select explorer_api_keys as keys from crypto_networks where network_name = ${b.networkName} for update`);
    const [row] = await tx.update(cryptoNetworks).set({ explorerApiKeys: b.keys, updatedAt: new Date(), updatedBy: user.email })
      .where(eq(cryptoNetworks.networkName, b.networkName)).returning();
    await audit(tx, { targetType: 'cryptoNetwork', targetId: b.networkName, opId: null, before: summary(before?.keys ?? []), after: summary(b.keys) });
    return ok(viewOf(b.networkName, row, true), [CRYPTO_NETWORK_MESSAGES.UPDATED]);
  }),
};

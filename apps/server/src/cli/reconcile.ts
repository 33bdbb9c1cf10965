// `npm run reconcile`: proves every wallet equals the sum of its ledger entries and none is negative.
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres } from '../db/client.js';
import { reconcile } from '../modules/wallet/ledger.js';

const config = loadConfig();
const database = config.DATABASE_URL ? await openPostgres(config.DATABASE_URL) : await openPglite(path.resolve(config.DATA_DIR, 'pglite'));
const res = await reconcile(database.db);
await database.close();
if (res.problems.length) {
  console.error(`Reconciliation FAILED: ${res.problems.length} of ${res.wallets} wallets differ from their ledger or are negative.`);
  for (const p of res.problems.slice(0, 20)) console.error(`  wallet ${p.walletId}: balance ${p.balance}, ledger sum ${p.sum}`);
  process.exit(1);
}
console.log(`Reconciliation ok: ${res.wallets} wallets equal the sum of their ledger entries; none is negative.`);

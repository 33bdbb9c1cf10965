/**
 * Crypto networks (000 §2.3 Edit Crypto Network, §3, §5, §7, §8): the blockchain networks the
 * payment code pays and watches on, each with the block-explorer API keys it uses (rotated across
 * calls). The keys are secrets: lists show them masked to their last 4 characters; the full values
 * only reach the Edit Crypto Network drawer of SUPER_ADMIN and ADMIN; activities keep counts and
 * last 4 characters, never a key.
 */
import { z } from 'zod';

/** The networks of the platform (TRON pays partner withdrawals in USDT; the others carry the crypto currencies). */
export const CRYPTO_NETWORKS = ['TRON', 'ETH', 'BSC', 'BTC', 'POLYGON'] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

export const CRYPTO_NETWORK_LABELS: Record<CryptoNetwork, { title: string; explorer: string }> = {
  TRON: { title: 'TRON (TRC-20)', explorer: 'TronScan' },
  ETH: { title: 'Ethereum (ERC-20)', explorer: 'Etherscan' },
  BSC: { title: 'BNB Smart Chain (BEP-20)', explorer: 'BscScan' },
  BTC: { title: 'Bitcoin', explorer: 'Blockchair' },
  POLYGON: { title: 'Polygon', explorer: 'PolygonScan' },
};

export const EXPLORER_KEY_MAX = 128;
export const EXPLORER_KEYS_MAX = 20;

export const CRYPTO_NETWORK_MESSAGES = {
  // 000 §8, §5
  UPDATED: 'Crypto Network updated!',
  DUPLICATE_KEYS: 'Duplicate Explorer API Keys found. Please fix them before saving.',
  // Designed (the spec gives the rules, not these words)
  KEY_BLANK: 'An Explorer API key cannot be blank.',
  KEY_WHITESPACE: 'An Explorer API key cannot contain spaces.',
  KEY_MAX: `An Explorer API key can be at most ${EXPLORER_KEY_MAX} characters.`,
  KEYS_REQUIRED: 'Add at least one Explorer API key.',
  KEYS_MAX: `At most ${EXPLORER_KEYS_MAX} Explorer API keys per network.`,
  NETWORK_INVALID: `Network must be one of ${CRYPTO_NETWORKS.join(', ')}.`,
  NETWORK_NOT_FOUND: 'Crypto network not found.',
} as const;

/** One explorer key: non-blank, no whitespace anywhere, at most EXPLORER_KEY_MAX characters. */
export const explorerKey = z.string({ error: CRYPTO_NETWORK_MESSAGES.KEY_BLANK })
  .min(1, CRYPTO_NETWORK_MESSAGES.KEY_BLANK)
  .max(EXPLORER_KEY_MAX, CRYPTO_NETWORK_MESSAGES.KEY_MAX)
  .refine((v) => v.trim() !== '', CRYPTO_NETWORK_MESSAGES.KEY_BLANK)
  .refine((v) => v.trim() === '' || !/\s/.test(v), CRYPTO_NETWORK_MESSAGES.KEY_WHITESPACE);

/** The indexes of keys equal to an earlier key (the inline alert names them). */
export function duplicateKeyIndexes(keys: readonly string[]): number[] {
  const seen = new Set<string>();
  const dup: number[] = [];
  keys.forEach((k, i) => { if (seen.has(k)) dup.push(i); else seen.add(k); });
  return dup;
}

export const cryptoNetworkName = z.enum(CRYPTO_NETWORKS, { error: CRYPTO_NETWORK_MESSAGES.NETWORK_INVALID });

/** 000 §7 PUT /api/settings/crypto-networks: networkName, keys (the whole list, in order). */
export const cryptoNetworkUpdateBody = z.object({
  networkName: cryptoNetworkName,
  keys: z.array(explorerKey, { error: CRYPTO_NETWORK_MESSAGES.KEYS_REQUIRED }).min(1, CRYPTO_NETWORK_MESSAGES.KEYS_REQUIRED).max(EXPLORER_KEYS_MAX, CRYPTO_NETWORK_MESSAGES.KEYS_MAX),
}).superRefine((v, ctx) => {
  if (duplicateKeyIndexes(v.keys).length) ctx.addIssue({ code: 'custom', message: CRYPTO_NETWORK_MESSAGES.DUPLICATE_KEYS, path: ['keys'] });
});
export type CryptoNetworkUpdateBody = z.input<typeof cryptoNetworkUpdateBody>;

/** A key as lists show it: bullets and its last 4 characters. */
export const maskKey = (k: string): string => `•••• ${k.slice(-4)}`;

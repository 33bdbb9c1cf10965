/**
 * Sportsbook integration (ARCHITECTURE "Integrations"; issue 9): one interface, two
 * implementations — a simulator (the default, offline, its state in the database) and a real
 * HTTP client (SPORTSBOOK_URL). The sportsbook keeps one account per parent operator: a brand's
 * players use their parent operator's account and templates.
 */
import type { FreebetData } from '@pitboss/contract';

/** A template as the sportsbook answers it (001 §3), with the account (operator id) it belongs to. */
export interface SportsbookTemplate {
  id: number;
  account: string;
  name: string;
  isEnable: boolean;
  type: string;
  stage: number;
  fromTime: number;
  toTime: number;
  daysToUse: number;
  disciplines: string[];
  freebetData: FreebetData;
}

/** A free bet granted to a player (001 §3 "Applied free bet"). */
export interface SportsbookFreebet {
  id: string;
  templateId: number;
  activationDate: number;
  fromTime: number;
  toTime: number;
  name: string;
  type: string;
  stage: number;
  disciplines: string[];
  freebetData: Omit<FreebetData, 'currency' | 'maxWinCurrency'> & { currency?: string; maxWinCurrency?: string };
}

export interface TemplatesPage {
  /** The sportsbook's answer code (0 OK) and message. */
  code: number;
  message: string;
  items: SportsbookTemplate[];
  totalItems: number;
  itemsPerPage: number;
}

export interface GrantRequest {
  /** The sportsbook account (parent operator id) of the player. */
  account: string;
  playerId: string;
  templateId: number;
  betCount: number;
  /** Decimal string, never a float. */
  betAmount: string;
  currency: string;
  /** Our grant's id: the idempotency reference sent to the sportsbook. */
  reference: string;
}

/**
 * What a grant came to: GRANTED (the free bet), REFUSED (the sportsbook's error code: 31, 33, 34,
 * 37, 39 or another) or FAILED (no OK answer: HTTP error, timeout, unreadable answer). `raw` is
 * what the sportsbook answered, kept for the JSON tab and the record.
 */
export type GrantResult =
  | { outcome: 'GRANTED'; freebet: SportsbookFreebet; raw: unknown }
  | { outcome: 'REFUSED'; errorCode: number; raw: unknown }
  | { outcome: 'FAILED'; description: string; raw: unknown };

/** A list call the sportsbook did not answer (the console logs it and shows an empty table). */
export class SportsbookUnavailable extends Error {}

export interface SportsbookClient {
  readonly kind: 'simulator' | 'http';
  /** One page (1-based) of the templates of these accounts. Throws SportsbookUnavailable. */
  listTemplates(req: { accounts: string[]; page: number; pageSize: number }): Promise<TemplatesPage>;
  /** Grant a template's free bet to a player. Never throws: a failure is FAILED. */
  grantFreebet(req: GrantRequest): Promise<GrantResult>;
  /** The player's applied free bets, newest first. Throws SportsbookUnavailable. */
  playerFreebets(req: { account: string; playerId: string }): Promise<SportsbookFreebet[]>;
}

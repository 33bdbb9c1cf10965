import { ticketClaimBody, ticketCreateBody, ticketDetails, ticketGetBody, ticketReplyBody, ticketRow, ticketsListBody, ticketStatusBody } from '../../support.js';
import { SUPPORT_ENDPOINTS } from '../meta/support.js';
import { listAnswer } from './common.js';
import type { SchemasOf } from './types.js';

export const SUPPORT_SCHEMAS = {
  'support.list': { body: ticketsListBody, response: listAnswer(ticketRow) },
  'support.get': { body: ticketGetBody, response: ticketDetails },
  'support.create': { body: ticketCreateBody, response: ticketRow },
  'support.status': { body: ticketStatusBody, response: ticketRow },
  'support.reply': { body: ticketReplyBody, response: ticketDetails },
  'support.claim': { body: ticketClaimBody, response: ticketRow },
} satisfies SchemasOf<typeof SUPPORT_ENDPOINTS>;

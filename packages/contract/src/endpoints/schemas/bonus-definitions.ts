import { z } from 'zod';
import {
  bonusCloneBody, bonusDefinitionCreateBody, bonusDefinitionDeleteQuery, bonusDefinitionRow, bonusDefinitionUpdateBody, bonusDefinitionsListBody,
  playerDepositBonusRow, playerDepositBonusesListBody,
} from '../../bonus-definitions.js';
import { BONUS_DEFINITIONS } from '../meta/bonus-definitions.js';
import { listAnswer } from './common.js';
import type { SchemasOf } from './types.js';

export const BONUS_DEFINITIONS_SCHEMAS = {
  'bonusDefs.list': { body: bonusDefinitionsListBody, response: listAnswer(bonusDefinitionRow) },
  'bonusDefs.get': { params: z.object({ bonusId: z.string().max(64) }), response: bonusDefinitionRow },
  'bonusDefs.create': { body: bonusDefinitionCreateBody, response: bonusDefinitionRow },
  'bonusDefs.update': { body: bonusDefinitionUpdateBody, response: bonusDefinitionRow },
  'bonusDefs.delete': { query: bonusDefinitionDeleteQuery, response: bonusDefinitionRow },
  'bonusDefs.clone': { body: bonusCloneBody, response: bonusDefinitionRow },
  'bonusDefs.players': { body: playerDepositBonusesListBody, response: listAnswer(playerDepositBonusRow) },
} satisfies SchemasOf<typeof BONUS_DEFINITIONS>;

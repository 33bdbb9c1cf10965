import {
  bonusFormCreateBody, bonusFormDeleteQuery, bonusFormRow, bonusFormsListBody, bonusRequestCreateBody, bonusRequestDecisionBody, bonusRequestRow, bonusRequestsListBody,
} from '../../bonus-forms.js';
import { BONUS_FORMS } from '../meta/bonus-forms.js';
import { listAnswer } from './common.js';
import type { SchemasOf } from './types.js';

export const BONUS_FORMS_SCHEMAS = {
  'bonus.formList': { body: bonusFormsListBody, response: listAnswer(bonusFormRow) },
  'bonus.formCreate': { body: bonusFormCreateBody, response: bonusFormRow },
  'bonus.formDelete': { query: bonusFormDeleteQuery, response: bonusFormRow },
  'bonus.requestList': { body: bonusRequestsListBody, response: listAnswer(bonusRequestRow) },
  'bonus.requestCreate': { body: bonusRequestCreateBody, response: bonusRequestRow },
  'bonus.requestDecision': { body: bonusRequestDecisionBody, response: bonusRequestRow },
} satisfies SchemasOf<typeof BONUS_FORMS>;

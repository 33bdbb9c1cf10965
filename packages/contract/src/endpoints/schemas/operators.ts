import {
  brandToOperatorBody, operatorRow, operatorSettingsAnswer, operatorSettingsQuery, operatorStatusAnswer, operatorStatusBody,
  operatorTimeZoneAnswer, operatorTimeZoneBody, operatorToBrandBody, operatorTopupCurrenciesAnswer, operatorTopupCurrenciesBody, operatorsListBody,
  transformAnswer,
} from '../../operators.js';
import { OPERATORS } from '../meta/operators.js';
import { fourEyesThresholdAnswer, fourEyesThresholdBody } from '../../four-eyes.js';
import { listAnswer } from './common.js';
import type { SchemasOf } from './types.js';

export const OPERATORS_SCHEMAS = {
  'operators.list': { body: operatorsListBody, response: listAnswer(operatorRow) },
  'operators.brandsList': { body: operatorsListBody.omit({ type: true }), response: listAnswer(operatorRow) },
  'operators.settings': { query: operatorSettingsQuery, response: operatorSettingsAnswer },
  'operators.fourEyes': { body: fourEyesThresholdBody, response: fourEyesThresholdAnswer },
  'operators.timeZone': { body: operatorTimeZoneBody, response: operatorTimeZoneAnswer },
  'operators.topupCurrencies': { body: operatorTopupCurrenciesBody, response: operatorTopupCurrenciesAnswer },
  'operators.status': { body: operatorStatusBody, response: operatorStatusAnswer },
  'operators.transform': { body: operatorToBrandBody, response: transformAnswer },
  'operators.transformBrand': { body: brandToOperatorBody, response: transformAnswer },
} satisfies SchemasOf<typeof OPERATORS>;

import { sportAppliedAnswer, sportGrantAnswer, sportGrantBody, sportGrantParams, sportTemplatesAnswer, sportTemplatesQuery } from '../../sport-freebets.js';
import { SPORT_FREEBETS } from '../meta/sport-freebets.js';
import type { SchemasOf } from './types.js';

export const SPORT_FREEBETS_SCHEMAS = {
  'sport.templates': { query: sportTemplatesQuery, response: sportTemplatesAnswer },
  'sport.grant': { params: sportGrantParams, body: sportGrantBody, response: sportGrantAnswer },
  'sport.applied': { params: sportGrantParams, response: sportAppliedAnswer },
} satisfies SchemasOf<typeof SPORT_FREEBETS>;

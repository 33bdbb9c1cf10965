import { staffBlockAnswer, staffBlockBody, staffDeleteAnswer, staffDeleteBody, staffListBody, staffRow } from '../../staff.js';
import { STAFF } from '../meta/staff.js';
import { listAnswer } from './common.js';
import type { SchemasOf } from './types.js';

export const STAFF_SCHEMAS = {
  'staff.list': { body: staffListBody, response: listAnswer(staffRow) },
  'staff.block': { body: staffBlockBody, response: staffBlockAnswer },
  'staff.delete': { body: staffDeleteBody, response: staffDeleteAnswer },
} satisfies SchemasOf<typeof STAFF>;

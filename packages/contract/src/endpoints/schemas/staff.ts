import {
  staffBlockAnswer, staffBlockBody, staffDeleteAnswer, staffDeleteBody, staffListBody, staffPasswordAnswer, staffPasswordBody, staffRolesAnswer, staffRolesBody, staffRow,
} from '../../staff.js';
import { STAFF } from '../meta/staff.js';
import { listAnswer } from './common.js';
import type { SchemasOf } from './types.js';

export const STAFF_SCHEMAS = {
  'staff.list': { body: staffListBody, response: listAnswer(staffRow) },
  'staff.block': { body: staffBlockBody, response: staffBlockAnswer },
  'staff.delete': { body: staffDeleteBody, response: staffDeleteAnswer },
  'staff.changePassword': { body: staffPasswordBody, response: staffPasswordAnswer },
  'staff.changeRoles': { body: staffRolesBody, response: staffRolesAnswer },
} satisfies SchemasOf<typeof STAFF>;

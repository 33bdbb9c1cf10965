import {
  staffBlockAnswer, staffBlockBody, staffCreateAnswer, staffCreateBody, staffDeleteAnswer, staffDeleteBody, staffListBody, staffPasswordAnswer, staffPasswordBody, staffRolesAnswer, staffRolesBody, staffRow,
  staffCloneAnswer, staffCloneBody, staffDetails, staffGeneral, staffGeneralAnswer, staffGeneralBody, staffDetailsParams, staffMigrateAnswer, staffMigrateBody, staffRefreshAnswer, staffRefreshBody,
} from '../../staff.js';
import {
  permissionDeleteAnswer, permissionDeleteQuery, permissionListBody, permissionRow, permissionSaveAnswer, permissionSaveBody,
  roleDeleteAnswer, roleDeleteQuery, roleListAnswer, roleSaveAnswer, roleSaveBody, roleShowAnswer, roleShowQuery, staffJobsAnswer,
} from '../../staff-roles.js';
import { z } from 'zod';
import { STAFF } from '../meta/staff.js';
import { listAnswer } from './common.js';
import type { SchemasOf } from './types.js';

export const STAFF_SCHEMAS = {
  'staff.list': { body: staffListBody, response: listAnswer(staffRow) },
  'staff.create': { body: staffCreateBody, response: staffCreateAnswer },
  'staff.block': { body: staffBlockBody, response: staffBlockAnswer },
  'staff.delete': { body: staffDeleteBody, response: staffDeleteAnswer },
  'staff.changePassword': { body: staffPasswordBody, response: staffPasswordAnswer },
  'staff.changeRoles': { body: staffRolesBody, response: staffRolesAnswer },
  'staff.details': { params: staffDetailsParams, response: staffDetails },
  'staff.refreshPermissions': { body: staffRefreshBody, response: staffRefreshAnswer },
  'staff.clonePermissions': { body: staffCloneBody, response: staffCloneAnswer },
  'staff.migrate': { body: staffMigrateBody, response: staffMigrateAnswer },
  'staff.roleList': { query: z.object({}), response: roleListAnswer },
  'staff.roleShow': { query: roleShowQuery, response: roleShowAnswer },
  'staff.roleSave': { body: roleSaveBody, response: roleSaveAnswer },
  'staff.roleDelete': { query: roleDeleteQuery, response: roleDeleteAnswer },
  'staff.permissionList': { body: permissionListBody, response: listAnswer(permissionRow) },
  'staff.permissionSave': { body: permissionSaveBody, response: permissionSaveAnswer },
  'staff.permissionDelete': { query: permissionDeleteQuery, response: permissionDeleteAnswer },
  'staff.jobs': { query: z.object({}), response: staffJobsAnswer },
  'staff.general': { query: z.object({}), response: staffGeneral },
  'staff.generalSave': { body: staffGeneralBody, response: staffGeneralAnswer },
} satisfies SchemasOf<typeof STAFF>;

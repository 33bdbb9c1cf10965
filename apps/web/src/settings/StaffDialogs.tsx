import { z } from 'zod';
import { MenuItem } from '@mui/material';
import {
  ROLE_LABELS, assignableRoles, isGlobalRole, staffPasswordForm, staffRolesBody, type Role, type StaffRow,
} from '@pitboss/contract';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { useSession } from '../shell/session';

/** Change Password (admin): lower, upper, digit, 8+ characters, both fields equal; submit disabled until then (002 §5). */
export function ChangePasswordDialog({ r, onClose }: { r: StaffRow; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="staff.changePassword"
      title={`Change Password — ${r.nickname}`}
      schema={staffPasswordForm}
      defaultValues={{ newPassword: '', passwordConfirm: '' }}
      submitText="Change Password"
      onClose={onClose}
      input={(v) => ({ body: { adminId: r.id, ...v } })}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="newPassword" type="password" autoComplete="new-password" label="New password" maxLength={128} />
          <FormTextField control={control} name="passwordConfirm" type="password" autoComplete="new-password" label="Confirm password" maxLength={128} />
        </>
      )}
    </EndpointDialog>
  );
}

const roleForm = z.object({ role: staffRolesBody.shape.roles.element, opId: z.string().optional() });

/** Change User Role (Assign Roles): the roles the signed-in user may give; the operator pick for a super admin only (002 §6). */
export function ChangeRoleDialog({ r, onClose }: { r: StaffRow; onClose: () => void }) {
  const { user, operators } = useSession();
  return (
    <EndpointDialog
      endpoint="staff.changeRoles"
      title={`Assign Roles — ${r.nickname}`}
      schema={roleForm}
      defaultValues={{ role: undefined as unknown as Role, opId: r.opId ?? '' }}
      checkOnSubmit
      submitText="Save"
      onClose={onClose}
      input={(v) => ({
        body: {
          adminId: r.id, targetUsername: r.nickname, roles: [v.role],
          ...(user.role === 'SUPER_ADMIN' && v.opId && !isGlobalRole(v.role) ? { opId: v.opId } : {}),
        },
      })}
    >
      {({ control, watch }) => (
        <>
          <FormTextField control={control} name="role" select label="Role">
            {assignableRoles(user.role).map((x) => <MenuItem key={x} value={x}>{ROLE_LABELS[x]}</MenuItem>)}
          </FormTextField>
          {user.role === 'SUPER_ADMIN' && watch('role') && !isGlobalRole(watch('role')) && (
            <FormTextField control={control} name="opId" select label="Operator/Brand">
              {operators.map((o) => <MenuItem key={o.opId} value={o.opId}>{o.title}</MenuItem>)}
            </FormTextField>
          )}
        </>
      )}
    </EndpointDialog>
  );
}

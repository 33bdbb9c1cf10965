import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { Alert, MenuItem, Typography } from '@mui/material';
import {
  LANGUAGES, NICKNAME_HINT, NEW_PASSWORD_HINTS, PASSWORD_HINTS, PASSWORD_MAX, PLAYER_SUB_INFO_LABELS, PLAYER_SUB_INFO_TYPES, ROLE_LABELS, STAFF_NAME_MAX, USER_CODE_HINT, assignableRoles, creatableRoles, isGlobalRole, isSuperRole,
  STAFF_MESSAGES, staffCloneForm, staffCreateBody, staffMigrateBody, staffPasswordForm, staffRolesBody, type Role, type StaffDetails, type StaffRow, type OperatorSummary, countOf,
} from '@pitboss/contract';
import { answeredOr } from '../api/client';
import { apiData } from '../api/endpoint';
import { NO_FIELDS } from '../kit/actions/FormDialog';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormSwitch } from '../kit/actions/FormSwitch';
import { FormTextField } from '../kit/actions/FormTextField';
import { FormOperatorField } from '../kit/actions/FormOperatorField';
import { useSession } from '../shell/session';

/** Change Password (admin): the staff password rule of the contract, both fields equal; submit disabled until then (002 §5). */
export function ChangePasswordDialog({ r, onClose }: { r: StaffRow; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="staff.changePassword"
      title={`Change Password — ${r.nickname}`}
      options={{ errorTitle: STAFF_MESSAGES.PASSWORD_FAILED, errorFallback: () => STAFF_MESSAGES.PASSWORD_FAILED }}
      schema={staffPasswordForm}
      defaultValues={{ newPassword: '', passwordConfirm: '' }}
      submitText="Change Password"
      onClose={onClose}
      input={(v) => ({ body: { adminId: r.id, ...v } })}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="newPassword" type="password" autoComplete="new-password" label="New password" maxLength={PASSWORD_MAX} hint={() => PASSWORD_HINTS.join('. ')} />
          <FormTextField control={control} name="passwordConfirm" type="password" autoComplete="new-password" label="Confirm password" maxLength={PASSWORD_MAX} />
        </>
      )}
    </EndpointDialog>
  );
}

const roleForm = z.object({ role: staffRolesBody.shape.roles.element, opId: z.string().optional() });

/**
 * Change User Role (Assign Roles): the roles the signed-in user may give; the operator pick for a
 * super admin only (002 §6), among the account's own operator and the ACTIVE non-partner ones (what
 * the server accepts).
 */
export function ChangeRoleDialog({ r, onClose }: { r: StaffRow; onClose: () => void }) {
  const { user } = useSession();
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
            <FormOperatorField control={control} filter={(o) => o.opId === r.opId || (o.status === 'ACTIVE' && o.kind !== 'PARTNER')} />
          )}
        </>
      )}
    </EndpointDialog>
  );
}

/**
 * New Admin (002 §2, §5): e-mail, nickname, user code, password with its hints, a role of those the
 * signed-in user may give (never PARTNER), the operator for an operator role (active operators
 * of the user's, partner operators excepted), Hide User Activity for SUPER_ADMIN and ADMIN only,
 * and the account's preferences with their defaults. The form's schema is the server's body.
 */
export function NewAdminDialog({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  return (
    <EndpointDialog
      endpoint="staff.create"
      title="New Admin"
      schema={staffCreateBody}
      defaultValues={{
        email: '', password: '', nickname: '', userCode: '', role: undefined as unknown as Role, opId: user.opId ?? '',
        isHidden: false, roundReportNumbers: false, language: 'en', timezone: 'UTC', playerSubInfoType: 'username',
      }}
      checkOnSubmit
      submitText="Create"
      onClose={onClose}
      // The server's messages, else "Unable to create new user" (an answer without any) or, with no answer at all, the thrown-error text (002 §8).
      options={{ errorFallback: answeredOr(STAFF_MESSAGES.CREATE_FAILED, STAFF_MESSAGES.CREATE_THROWN) }}
      input={(v) => ({ body: { ...v, opId: isGlobalRole(v.role) ? undefined : v.opId } })}
    >
      {({ control, watch }) => {
        const role = watch('role') as Role | undefined;
        return (
          <>
            <FormTextField control={control} name="email" type="email" autoComplete="off" label="E-mail" maxLength={254} />
            <FormTextField control={control} name="nickname" label="Nickname" maxLength={STAFF_NAME_MAX} hint={() => NICKNAME_HINT} />
            <FormTextField control={control} name="userCode" label="User code (optional)" maxLength={STAFF_NAME_MAX} hint={() => USER_CODE_HINT} />
            <FormTextField control={control} name="password" type="password" autoComplete="new-password" label="Password" maxLength={PASSWORD_MAX} hint={() => NEW_PASSWORD_HINTS.join('. ')} />
            <FormTextField control={control} name="role" select label="Role">
              {creatableRoles(user.role).map((x) => <MenuItem key={x} value={x}>{ROLE_LABELS[x]}</MenuItem>)}
            </FormTextField>
            {role && !isGlobalRole(role) && (
              <FormOperatorField control={control} filter={pickableOperator} />
            )}
            {isSuperRole(user.role) && <FormSwitch control={control} name="isHidden" label="Hide User Activity" hint="This account's actions stay out of the activity lists." />}
            <FormSwitch control={control} name="roundReportNumbers" label="Round report numbers" />
            <FormTextField control={control} name="language" select label="Language">
              {LANGUAGES.map((l) => <MenuItem key={l} value={l}>{l.toUpperCase()}</MenuItem>)}
            </FormTextField>
            <FormTextField control={control} name="timezone" label="Time zone" maxLength={64} hint={() => 'An IANA name, e.g. UTC or Europe/Istanbul'} />
            <FormTextField control={control} name="playerSubInfoType" select label="Player shown by">
              {PLAYER_SUB_INFO_TYPES.map((x) => <MenuItem key={x} value={x}>{PLAYER_SUB_INFO_LABELS[x]}</MenuItem>)}
            </FormTextField>
          </>
        );
      }}
    </EndpointDialog>
  );
}

/** Refresh Permissions: the account takes its role's template again (its own extra and revoked keys are dropped). */
export function RefreshPermissionsDialog({ r, onClose }: { r: StaffDetails; onClose: () => void }) {
  const tweaks = r.permissions.filter((p) => p.source === 'extra').length + r.revoked.length;
  return (
    <EndpointDialog
      endpoint="staff.refreshPermissions"
      title={`Refresh Permissions — ${r.nickname}`}
      schema={NO_FIELDS}
      defaultValues={{}}
      submitText="Refresh"
      onClose={onClose}
      input={() => ({ body: { adminId: r.id, targetUsername: r.nickname, opId: r.opId, roles: [r.role] } })}
    >
      {() => (
        <Typography>
          {r.nickname} gets the permissions of the {ROLE_LABELS[r.role]} role template{r.templateName ? ` (${r.templateName})` : ''} again.
          {tweaks ? ` The ${countOf(tweaks, 'permission')} added or removed for this account only will be dropped.` : ' This account has no permissions of its own.'}
        </Typography>
      )}
    </EndpointDialog>
  );
}

/**
 * Clone Permissions: another account of the same role (within the signed-in user's operators)
 * takes exactly the permissions this one has in effect. The candidates are that role's accounts
 * of the admin list (its first 100).
 */
export function ClonePermissionsDialog({ r, onClose }: { r: StaffDetails; onClose: () => void }) {
  const candidates = useQuery({
    queryKey: ['staff.list', { role: r.role, limit: 100 }],
    queryFn: () => apiData('staff.list', { body: { role: r.role, limit: 100 } }),
  });
  const targets = (candidates.data?.items ?? []).filter((x) => x.id !== r.id);
  return (
    <EndpointDialog
      endpoint="staff.clonePermissions"
      title={`Clone Permissions — ${r.nickname}`}
      schema={staffCloneForm}
      defaultValues={{ targetUserId: '' }}
      checkOnSubmit
      submitText="Clone"
      onClose={onClose}
      options={{ errorFallback: () => STAFF_MESSAGES.CLONE_FAILED }}
      input={(v) => ({ body: { sourceUserId: r.id, targetUserId: v.targetUserId, sourceRole: r.role, permissions: r.permissions.map((p) => p.key) } })}
    >
      {({ control }) => (
        <>
          <Typography>
            The account you choose gets exactly the {r.permissions.length} permissions {r.nickname} has in effect. Only accounts with the role {ROLE_LABELS[r.role]} can take them.
          </Typography>
          {candidates.isSuccess && !targets.length && <Alert severity="info">No other account has the role {ROLE_LABELS[r.role]}.</Alert>}
          <FormTextField control={control} name="targetUserId" select label="Target user" disabled={!targets.length}>
            {targets.map((x) => <MenuItem key={x.id} value={x.id}>{`${x.nickname} (${x.email})`}</MenuItem>)}
          </FormTextField>
        </>
      )}
    </EndpointDialog>
  );
}

/** The operators new staff may join: ACTIVE, not a partner (partners hold partner users only). */
const pickableOperator = (o: OperatorSummary) => o.status === 'ACTIVE' && o.kind !== 'PARTNER';

const migrateForm = z.object({ opId: staffMigrateBody.shape.opId, role: staffMigrateBody.shape.role });

/** Migrate User: to another of the signed-in user's active operators, with an operator role they may give. */
export function MigrateDialog({ r, onClose, onDone }: { r: StaffRow; onClose: () => void; onDone: () => void }) {
  const { user } = useSession();
  const roles = assignableRoles(user.role).filter((x) => !isGlobalRole(x));
  return (
    <EndpointDialog
      endpoint="staff.migrate"
      title={`Migrate User — ${r.nickname}`}
      schema={migrateForm}
      defaultValues={{ opId: '', role: (isGlobalRole(r.role) || !roles.includes(r.role) ? undefined : r.role) as Role }}
      checkOnSubmit
      submitText="Migrate"
      onClose={onClose}
      options={{ onDone: () => { onClose(); onDone(); } }}
      input={(v) => ({ body: { adminId: r.id, ...v } })}
    >
      {({ control }) => (
        <>
          <Typography>{r.nickname} moves to the operator you choose{r.opTitle ? ` (now ${r.opTitle})` : ''}.</Typography>
          <FormOperatorField control={control} filter={(o) => pickableOperator(o) && o.opId !== r.opId} />
          <FormTextField control={control} name="role" select label="Role">
            {roles.map((x) => <MenuItem key={x} value={x}>{ROLE_LABELS[x]}</MenuItem>)}
          </FormTextField>
        </>
      )}
    </EndpointDialog>
  );
}

import { Suspense, useState } from 'react';
import { Button } from '@mui/material';
import { STAFF_MESSAGES, mayDeleteStaff, mayManageStaff, mayMigrateStaff, type StaffDetails, type StaffRow } from '@pitboss/contract';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { lazyDialog } from '../kit/lazyDialog';
import { useConfirm } from '../kit/useConfirm';
import { useCan, useSession } from '../shell/session';

const ChangePasswordDialog = lazyDialog(() => import('./StaffDialogs'), 'ChangePasswordDialog');
const ChangeRoleDialog = lazyDialog(() => import('./StaffDialogs'), 'ChangeRoleDialog');
const RefreshPermissionsDialog = lazyDialog(() => import('./StaffDialogs'), 'RefreshPermissionsDialog');
const ClonePermissionsDialog = lazyDialog(() => import('./StaffDialogs'), 'ClonePermissionsDialog');
const MigrateDialog = lazyDialog(() => import('./StaffDialogs'), 'MigrateDialog');

type Open = 'password' | 'role' | 'refresh' | 'clone' | 'migrate' | null;

/**
 * The actions on one staff account, for holders of the admins page who may manage it (never their
 * own account; a super admin's only by a super admin): block/unblock (after a confirmation), password, role and delete
 * (a partner's login deleted by SUPER_ADMIN and ADMIN only, as on the partners page);
 * on the details page (`details` given) also refresh, clone and migrate. `onGone`: the account
 * was deleted or moved away (the details page returns to the list).
 */
export function StaffActions({ r, details, onGone }: { r: StaffRow; details?: StaffDetails; onGone: () => void }) {
  const [open, setOpen] = useState<Open>(null);
  const { user } = useSession();
  const allowed = useCan();
  const block = useEndpointMutation('staff.block', { errorFallback: () => STAFF_MESSAGES.BLOCK_FAILED });
  const remove = useEndpointMutation('staff.delete', { onDone: onGone });
  const reset2fa = useEndpointMutation('staff.reset2fa');
  const confirm = useConfirm();
  const resetTwoFactor = async () => {
    const ok = await confirm({
      title: 'Reset two-factor authentication',
      description: `${r.nickname} (${r.email}) signs in with the password alone until they set it up again (at once, where their operator requires it).`,
      confirmText: 'Reset', destructive: true,
    });
    if (ok) reset2fa.mutate({ body: { adminId: r.id } });
  };
  // Block/Unblock User is a dialog (002 §2): a block ends the account's sessions at once.
  const toggleBlock = async () => {
    const blocking = !r.isBlocked;
    const ok = await confirm(blocking
      ? { title: 'Block User', description: `Block ${r.nickname} (${r.email})? Their sessions end at once and they cannot sign in until unblocked.`, confirmText: 'Block', destructive: true }
      : { title: 'Unblock User', description: `Unblock ${r.nickname} (${r.email})? They can sign in again.`, confirmText: 'Unblock' });
    if (ok) block.mutate({ body: { adminId: r.id, action: blocking ? 'BLOCK' : 'UNBLOCK', adminEmail: r.email } });
  };
  if (!allowed('settings_admins') || !mayManageStaff(user, r)) return null;
  const close = () => setOpen(null);
  return (
    <>
      <Button
        variant="outlined" color={r.isBlocked ? 'primary' : 'warning'} disabled={block.isPending}
        onClick={() => void toggleBlock()}
      >
        {r.isBlocked ? 'Unblock User' : 'Block User'}
      </Button>
      <Button variant="outlined" onClick={() => setOpen('password')}>Change Password</Button>
      <Button variant="outlined" onClick={() => setOpen('role')}>Change Role</Button>
      {r.twoFactor && (
        <Button variant="outlined" color="warning" disabled={reset2fa.isPending} onClick={() => void resetTwoFactor()}>Reset Two-Factor</Button>
      )}
      {details && (
        <>
          <Button variant="outlined" onClick={() => setOpen('refresh')}>Refresh Permissions</Button>
          <Button variant="outlined" onClick={() => setOpen('clone')}>Clone Permissions</Button>
          {mayMigrateStaff(r) && <Button variant="outlined" onClick={() => setOpen('migrate')}>Migrate User</Button>}
        </>
      )}
      <Suspense fallback={null}>
        {open === 'password' && <ChangePasswordDialog r={r} onClose={close} />}
        {open === 'role' && <ChangeRoleDialog r={r} onClose={close} />}
        {open === 'refresh' && details && <RefreshPermissionsDialog r={details} onClose={close} />}
        {open === 'clone' && details && <ClonePermissionsDialog r={details} onClose={close} />}
        {open === 'migrate' && <MigrateDialog r={r} onClose={close} onDone={onGone} />}
      </Suspense>
      {mayDeleteStaff(user, r) && (
        <DeleteAction
          label="Delete User" title="Delete user" typeToConfirm={r.email} busy={remove.isPending}
          description={`${r.nickname} (${r.email}) loses access at once. Type the e-mail address to confirm.`}
          onConfirmed={() => remove.mutate({ body: { adminId: r.id, adminEmail: r.email, adminUsername: r.nickname } })}
        />
      )}
    </>
  );
}

import { Controller } from 'react-hook-form';
import { Alert, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import {
  MENU_ITEMS, PERMISSION_MESSAGES, PERMISSION_SAVE_WAIT_MINUTES, ROLES, ROLE_LABELS, menuItemLabel, permissionSaveBody, type PermissionRow, type Role,
} from '@pitboss/contract';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormChipsField } from '../kit/actions/FormChipsField';
import { FormTextField } from '../kit/actions/FormTextField';

/** The menu's items by name (002 §3 requiredMenuItems): picked, never typed as paths. */
const MENU_ITEM_OPTIONS = MENU_ITEMS.map((x) => ({ value: x.path, label: menuItemLabel(x.path) }));

/**
 * Create/Edit Permission (002 §3, §5): key, description, tags (a comma list), at least one allowed
 * role and the required menu items (picked from the menu by name), with the body's schema as the
 * form. On edit the key is shown disabled, and the dialog says that users are updated in the
 * background.
 */
export function PermissionDialog({ p, onClose }: { p: PermissionRow | null; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="staff.permissionSave"
      title={p ? `Edit Permission — ${p.key}` : 'Create Permission'}
      schema={permissionSaveBody}
      defaultValues={{ permissionId: p?.id, key: p?.key ?? '', description: p?.description ?? '', tags: p?.tags.join(', ') ?? '', allowedRoles: p?.allowedRoles ?? [], requiredMenuItems: p?.requiredMenuItems ?? [] }}
      checkOnSubmit
      submitText="Save"
      onClose={onClose}
      options={{ errorTitle: PERMISSION_MESSAGES.SAVE_FAILED, errorFallback: () => PERMISSION_MESSAGES.SAVE_ERROR }}
      input={(v) => ({ body: v })}
    >
      {({ control }) => (
        <>
          {p && <Alert severity="warning">Users holding this permission are updated in the background: wait {PERMISSION_SAVE_WAIT_MINUTES} minutes before other operations.</Alert>}
          <FormTextField control={control} name="key" label="Key" disabled={!!p} maxLength={80} />
          <FormTextField control={control} name="description" label="Description" maxLength={200} />
          <FormTextField control={control} name="tags" label="Tags (comma separated)" maxLength={400} />
          <Controller
            name="allowedRoles"
            control={control}
            render={({ field, fieldState }) => {
              const value = (field.value ?? []) as Role[];
              return (
                <FormControl error={!!fieldState.error} component="fieldset">
                  <FormLabel component="legend">Allowed roles</FormLabel>
                  <FormGroup row>
                    {ROLES.map((r) => (
                      <FormControlLabel
                        key={r} label={ROLE_LABELS[r]}
                        control={<Checkbox checked={value.includes(r)} onChange={(e) => field.onChange(e.target.checked ? [...value, r] : value.filter((x) => x !== r))} />}
                      />
                    ))}
                  </FormGroup>
                  {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                </FormControl>
              );
            }}
          />
          <FormChipsField control={control} name="requiredMenuItems" label="Required menu items" options={MENU_ITEM_OPTIONS} hint="The menu items that need this permission (optional)" />
        </>
      )}
    </EndpointDialog>
  );
}

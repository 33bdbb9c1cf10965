import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useConfirm } from '../useConfirm';

/**
 * A delete button with its confirmation: `typeToConfirm` keeps the confirm button disabled
 * until that exact text (a player code, a bank key) is typed. `onConfirmed` runs the delete.
 */
export function DeleteAction(props: {
  label?: string;
  title: string;
  description?: ReactNode;
  typeToConfirm?: string;
  confirmText?: string;
  disabled?: boolean;
  busy?: boolean;
  button?: Pick<ButtonProps, 'size' | 'variant'>;
  onConfirmed: (typed: string | undefined) => void;
}) {
  const confirm = useConfirm();
  return (
    <Button
      color="error"
      {...props.button}
      startIcon={<DeleteOutlineIcon />}
      disabled={props.disabled || props.busy}
      onClick={async () => {
        const ok = await confirm({
          title: props.title, description: props.description, typeToConfirm: props.typeToConfirm,
          confirmText: props.confirmText ?? 'Delete', destructive: true,
        });
        if (ok) props.onConfirmed(props.typeToConfirm);
      }}
    >
      {props.label ?? 'Delete'}
    </Button>
  );
}

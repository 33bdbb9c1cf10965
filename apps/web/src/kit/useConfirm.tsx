import { createContext, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { lazyDialog } from './lazyDialog';

export interface ConfirmOptions {
  title: string;
  description?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Type-to-confirm: the confirm button stays disabled until exactly this text is typed. */
  typeToConfirm?: string;
  destructive?: boolean;
}
type Confirm = (o: ConfirmOptions) => Promise<boolean>;
const Ctx = createContext<Confirm>(async () => false);
const ConfirmDialogView = lazyDialog(() => import('./ConfirmDialogView'), 'ConfirmDialogView');

/** Confirmation as a promise: `if (await confirm({ title })) …` (STYLE 7). */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [opts, setOpts] = useState<ConfirmOptions | null>(null);
  const [typed, setTyped] = useState('');
  const [used, setUsed] = useState(false);
  const resolver = useRef<((v: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((o) => {
    resolver.current?.(false);
    setTyped('');
    setUsed(true);
    setOpts(o);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = (v: boolean) => {
    resolver.current?.(v);
    resolver.current = null;
    setOpts(null);
  };

  return (
    <Ctx.Provider value={confirm}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <ConfirmDialogView opts={opts} typed={typed} onType={setTyped} onClose={close} />
        </Suspense>
      )}
    </Ctx.Provider>
  );
}

export const useConfirm = () => useContext(Ctx);

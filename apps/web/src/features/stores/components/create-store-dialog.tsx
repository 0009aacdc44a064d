import type { RefObject } from 'react';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { toast } from '#src/lib/toast.ts';
import { useStoreAllowance } from '../hooks/use-store-allowance.ts';
import { CreateStoreForm } from './create-store-form.tsx';
import { StoreLimitNotice } from './store-limit-notice.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';

/**
 * "Create another store" from the switcher. A creator at their plan's store limit is told so up
 * front instead of the form; the server still enforces the limit (and its refusal shows as is).
 */
interface CreateStoreDialogProps {
  open: boolean;
  first: boolean;
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
}

export function CreateStoreDialog({ open, first, onClose, returnFocus }: CreateStoreDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      returnFocus={returnFocus}
      title={first ? 'Create your store' : 'Create another store'}
      description="Pick a name; it becomes your store's web address. You can change the look in the store builder."
    >
      {open ? <CreateStoreBody first={first} onClose={onClose} /> : null}
    </Dialog>
  );
}

function CreateStoreBody({ first, onClose }: { first: boolean; onClose: () => void }) {
  const { pending, allowance } = useStoreAllowance();
  if (pending) return <div className="py-6"><Spinner label="Checking your store limit" /></div>;
  if (allowance?.atLimit) return <StoreLimitNotice allowance={allowance} onClose={onClose} />;
  return (
    <CreateStoreForm
      first={first}
      onCancel={onClose}
      onCreated={(store) => {
        toast.success(`${store.name} is ready. You're now working on it.`);
        onClose();
      }}
    />
  );
}

import type { RefObject } from 'react';
import { toast } from '#src/lib/toast.ts';
import { CreateStoreForm } from './create-store-form.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';

/** "Create another store" from the switcher: the plan limit is the server's to enforce and word. */
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
      <CreateStoreForm
        first={first}
        onCancel={onClose}
        onCreated={(store) => {
          toast.success(`${store.name} is ready. You're now working on it.`);
          onClose();
        }}
      />
    </Dialog>
  );
}

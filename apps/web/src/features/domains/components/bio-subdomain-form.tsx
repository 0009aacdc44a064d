import { useId, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { toast } from '#src/lib/toast.ts';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useSetBioSubdomain } from '../api/domains-api.ts';

/** Spec §2 bio subdomain `{name}.{BIO_DOMAIN}`: set, change or remove. */
export function BioSubdomainForm({ storeId, current, base }: { storeId: string; current: string | null; base: string }) {
  const currentName = current?.endsWith(`.${base}`) ? current.slice(0, -(base.length + 1)) : '';
  const [name, setName] = useState(currentName);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const save = useSetBioSubdomain(storeId);
  const id = useId();
  const error = save.isError ? errorMessage(save.error) : null;
  const changed = name.trim().toLowerCase() !== currentName;

  const submit = (next: string | null) =>
    save.mutate(next, {
      onSuccess: (result) => {
        setConfirmRemove(false);
        setName(result.bioDomain ? result.bioDomain.slice(0, -(base.length + 1)) : '');
        toast.success(result.bioDomain ? `Your bio address is ${result.bioDomain}` : 'Bio address removed');
      },
    });

  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() && changed) submit(name.trim().toLowerCase());
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Bio address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="flex min-h-11 min-w-0 flex-1 items-center overflow-hidden rounded-lg border border-slate-300 bg-white shadow-sm focus-within:outline-2 focus-within:outline-brand-600">
          <input
            id={id}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="yourname"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-suffix${error ? ` ${id}-error` : ''}`}
            className="min-w-0 flex-1 self-stretch bg-transparent px-3 text-base text-slate-900 outline-none sm:text-sm"
          />
          <span id={`${id}-suffix`} className="shrink-0 pr-3 text-sm text-slate-500">
            .{base}
          </span>
        </div>
        <Button type="submit" disabled={!name.trim() || !changed || save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : current ? 'Change' : 'Set bio address'}
        </Button>
        {current ? (
          <Button variant="ghost" className="text-red-700 hover:bg-red-50" disabled={save.isPending} onClick={() => setConfirmRemove(true)}>
            Remove
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : current ? (
        <p className="text-sm text-slate-600">
          Live at{' '}
          <a href={`https://${current}`} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline">
            {current}
          </a>
        </p>
      ) : null}
      <ConfirmDialog
        open={confirmRemove}
        title={`Remove ${current ?? 'the bio address'}?`}
        description="Visitors to this address will no longer reach your store, and the name becomes free for others."
        confirmLabel="Remove bio address"
        pendingLabel="Removing…"
        pending={save.isPending}
        error={save.isError ? errorMessage(save.error) : null}
        onConfirm={() => submit(null)}
        onClose={() => setConfirmRemove(false)}
      />
    </form>
  );
}

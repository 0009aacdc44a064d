import { useId, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { useAddCustomDomain } from '../api/domains-api.ts';

/** Adds a domain the creator owns; the server normalises it (no scheme, no www) and answers with its TXT record. */
export function AddDomainForm({ storeId }: { storeId: string }) {
  const [domain, setDomain] = useState('');
  const add = useAddCustomDomain(storeId);
  const id = useId();
  const error = add.isError ? errorMessage(add.error) : null;
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!domain.trim() || add.isPending) return;
        add.mutate(domain.trim(), { onSuccess: () => setDomain('') });
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Your domain
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          placeholder="shop.yourname.com"
          inputMode="url"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(
            'block min-h-11 w-full min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 sm:text-sm',
            error ? 'border-red-500' : 'border-slate-300',
          )}
        />
        <Button type="submit" disabled={!domain.trim() || add.isPending} aria-busy={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add domain'}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}

import { useState, type ReactNode } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { NestedForm } from '#src/components/ui/nested-form.tsx';
import { errorMessage } from '#src/lib/error-message.ts';

export interface TierChecklistItem {
  id: string;
  label: string;
  /** A short word after the label (e.g. "Draft"). */
  note?: string;
}

interface TierChecklistFormProps {
  intro: ReactNode;
  legend: string;
  /** Null while the choices load or when they failed: `status` shows instead. */
  items: readonly TierChecklistItem[] | null;
  status?: ReactNode;
  empty: ReactNode;
  initial: readonly string[];
  saveLabel: string;
  saving: boolean;
  saveError: unknown;
  /** Saves the chosen ids; a rejection leaves the dialog open with `saveError` shown. */
  onSave: (chosen: string[]) => Promise<void>;
  onClose: () => void;
}

/**
 * What a membership tier includes, as a checklist in its dialog (the tier's courses, the tier's
 * files): one checkbox per choice, Cancel and Save, the save's refusal shown above the buttons.
 */
export function TierChecklistForm({ intro, legend, items, status, empty, initial, saveLabel, saving, saveError, onSave, onClose }: TierChecklistFormProps) {
  const [chosen, setChosen] = useState<string[]>(() => [...initial]);
  const toggle = (id: string, on: boolean) => setChosen((now) => (on ? [...now, id] : now.filter((other) => other !== id)));
  return (
    <NestedForm
      onSubmit={() => {
        // The refusal shows in the form (saveError).
        onSave(chosen).catch(() => undefined);
      }}
    >
      <p className="text-sm text-slate-600">{intro}</p>
      {items === null ? (
        status
      ) : items.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{empty}</p>
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{legend}</legend>
          <ul className="mt-2 space-y-2">
            {items.map((item) => (
              <li key={item.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200 hover:bg-slate-50">
                  <input type="checkbox" className="size-4 accent-brand-600" checked={chosen.includes(item.id)} onChange={(event) => toggle(item.id, event.target.checked)} />
                  <span className="min-w-0 flex-1 break-words text-sm text-slate-900">{item.label}</span>
                  {item.note ? <span className="text-xs text-slate-500">{item.note}</span> : null}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {saveError ? <Alert>{errorMessage(saveError)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving || items === null} aria-busy={saving}>
          {saving ? 'Saving…' : saveLabel}
        </Button>
      </div>
    </NestedForm>
  );
}

import type { FieldErrors, FieldValues, Path } from 'react-hook-form';
import { Alert } from '#src/components/ui/alert.tsx';

interface FormErrorSummaryProps<T extends FieldValues> {
  errors: FieldErrors<T>;
  /** The form's fields in screen order, with the label each is known by. */
  fields: readonly { name: Path<T>; label: string }[];
  /** Shown only after a submit: no summary while the creator is still filling in. */
  submitted: boolean;
  onFocus: (name: Path<T>) => void;
}

/**
 * After a refused submit, every field that needs attention named at the top (each message stays
 * under its field too), each a button that moves to its field: nobody has to hunt for the one
 * problem the screen happens to show.
 */
export function FormErrorSummary<T extends FieldValues>({ errors, fields, submitted, onFocus }: FormErrorSummaryProps<T>) {
  const wrong = fields.filter((field) => errors[field.name]);
  if (!submitted || wrong.length === 0) return null;
  return (
    <Alert title={wrong.length === 1 ? '1 field needs your attention' : `${wrong.length} fields need your attention`}>
      <ul className="mt-1 space-y-0.5">
        {wrong.map((field) => (
          <li key={field.name}>
            <button type="button" className="text-left font-medium underline underline-offset-2" onClick={() => onFocus(field.name)}>
              {field.label}
            </button>
            : {String(errors[field.name]?.message ?? '')}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

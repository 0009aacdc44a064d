import { LabelledSwitch } from '#src/components/ui/labelled-switch.tsx';

/**
 * Marketing consent as an accessible switch. A customer who unsubscribed shows it off and locked:
 * only they can opt back in (the server refuses it too).
 */
export function ConsentSwitch({
  checked,
  onChange,
  disabled,
  unsubscribedAt = null,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
  unsubscribedAt?: string | null;
}) {
  const hint = unsubscribedAt
    ? `Unsubscribed on ${new Date(unsubscribedAt).toLocaleDateString()}. Only they can opt back in, at checkout or in their members area.`
    : 'They agreed to receive marketing emails.';
  return (
    <LabelledSwitch
      label="Marketing consent"
      hint={hint}
      checked={checked}
      onChange={onChange}
      disabled={disabled || (unsubscribedAt !== null && !checked)}
    />
  );
}

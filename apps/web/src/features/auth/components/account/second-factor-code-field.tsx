import { CodeInput, isCompleteCode } from '#src/components/forms/code-input.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';

export type SecondFactorKind = 'totp' | 'recovery';

/** Whether the typed value can be sent: six digits from the app, or any recovery code. */
export function isSecondFactorReady(kind: SecondFactorKind, value: string): boolean {
  return kind === 'totp' ? isCompleteCode(value) : value.trim().length > 0;
}

interface SecondFactorCodeFieldProps {
  kind: SecondFactorKind;
  value: string;
  onChange: (value: string) => void;
  /** Switches between the app's code and a recovery code (the value is cleared). */
  onKindChange: (kind: SecondFactorKind) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * A second-factor code for a signed-in change: the authenticator app's 6 digits, or one of the
 * recovery codes for someone who no longer has the app.
 */
export function SecondFactorCodeField({ kind, value, onChange, onKindChange, disabled, autoFocus }: SecondFactorCodeFieldProps) {
  const switchTo = (next: SecondFactorKind) => {
    onChange('');
    onKindChange(next);
  };
  return (
    <div className="max-w-xs space-y-2">
      {kind === 'totp' ? (
        <CodeInput label="Authentication code" value={value} onChange={onChange} disabled={disabled} autoFocus={autoFocus} />
      ) : (
        <TextField
          label="Recovery code"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          autoFocus
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="xxxxx-xxxxx"
          maxLength={32}
        />
      )}
      <button
        type="button"
        onClick={() => switchTo(kind === 'totp' ? 'recovery' : 'totp')}
        disabled={disabled}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline disabled:text-slate-400"
      >
        {kind === 'totp' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
      </button>
    </div>
  );
}

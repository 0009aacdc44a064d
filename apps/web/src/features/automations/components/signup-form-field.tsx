import { useSignupForms } from '../api/automations-api.ts';
import { SelectField } from './select-field.tsx';

interface SignupFormFieldProps {
  storeId: string;
  form: string | null;
  onChange: (form: string | null) => void;
  error: string | undefined;
}

/** Which of the website's signup forms starts the automation: any of them, or one (by its heading and page). */
export function SignupFormField({ storeId, form, onChange, error }: SignupFormFieldProps) {
  const forms = useSignupForms(storeId);
  const list = forms.data?.forms ?? [];
  const hint = forms.isError
    ? 'Your website’s forms could not be loaded. Reload the page to choose one.'
    : forms.isPending
      ? 'Loading your website’s forms…'
      : list.length === 0
        ? 'Your website has no signup form yet: add an Email signup block to a page.'
        : undefined;
  return (
    <SelectField label="Signup form" value={form ?? ''} onChange={(event) => onChange(event.target.value || null)} error={error} hint={hint}>
      <option value="">Any signup form</option>
      {list.map((item) => (
        <option key={item.form} value={item.form}>
          {`${item.heading} — ${item.pageTitle}${item.published ? '' : ' (not published yet)'}`}
        </option>
      ))}
      {form && !forms.isPending && !list.some((item) => item.form === form) ? <option value={form}>A form no longer on your website</option> : null}
    </SelectField>
  );
}

import { Alert } from '#src/components/ui/alert.tsx';
import { LabelledSwitch } from '#src/components/ui/labelled-switch.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useChangeOutline } from '#src/features/products/api/course-api.ts';

/** The course's certificate of completion: saved at once, like the rest of the Lessons card. */
export function CertificateSwitch({ storeId, productId, enabled, readOnly }: { storeId: string; productId: string; enabled: boolean; readOnly: boolean }) {
  const save = useChangeOutline(storeId, productId);
  const pending = save.isPending ? !enabled : enabled;
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4">
      <LabelledSwitch
        label="Certificate of completion"
        hint="Students who complete every lesson can download a PDF certificate with their name, the course and the date."
        checked={pending}
        disabled={readOnly || save.isPending}
        onChange={(next) => save.mutate({ setCourseCertificate: { storeId, productId, enabled: next } })}
      />
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
    </div>
  );
}

import type { MembershipTier } from '@shopfront/core';
import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSetTierCourses } from '../api/membership-tiers-api.ts';
import { useProducts } from '../api/products-api.ts';
import { NestedForm } from '#src/components/ui/nested-form.tsx';

interface TierCoursesDialogProps {
  storeId: string;
  productId: string;
  /** The tier whose courses are chosen, or null (closed). */
  tier: MembershipTier | null;
  onClose: () => void;
}

/** Which of the store's courses a tier includes: its members take them while their access lasts. */
export function TierCoursesDialog({ tier, onClose, ...props }: TierCoursesDialogProps) {
  const save = useSetTierCourses(props.storeId, props.productId);
  return (
    <Dialog open={tier !== null} onClose={onClose} title={tier ? `Courses in “${tier.name}”` : ''} dismissible={!save.isPending}>
      {tier ? <CourseChoices key={tier.id} storeId={props.storeId} tier={tier} save={save} onClose={onClose} /> : null}
    </Dialog>
  );
}

function CourseChoices({ storeId, tier, save, onClose }: { storeId: string; tier: MembershipTier; save: ReturnType<typeof useSetTierCourses>; onClose: () => void }) {
  const products = useProducts(storeId);
  const [chosen, setChosen] = useState<string[]>(() => tier.courses.map((course) => course.id));
  const courses = (products.data?.products ?? []).filter((product) => product.type === 'course' && product.status !== 'archived');
  const toggle = (id: string, on: boolean) => setChosen((now) => (on ? [...now, id] : now.filter((other) => other !== id)));
  const submit = async () => {
    try {
      await save.mutateAsync({ tierId: tier.id, courses: chosen });
      toast.success(chosen.length === 0 ? `“${tier.name}” includes no courses now.` : `Saved. Members of “${tier.name}” can take ${chosen.length === 1 ? 'the course' : `all ${chosen.length} courses`}.`);
      onClose();
    } catch {
      // The message shows in the dialog (save.error).
    }
  };
  return (
    <NestedForm
      onSubmit={() => {
        void submit();
      }}
    >
      <p className="text-sm text-slate-600">Members with access to this tier are enrolled at once. If their membership ends, the course locks until they renew; their progress is kept.</p>
      {products.isPending ? (
        <Spinner label="Loading your courses" />
      ) : products.isError ? (
        <Alert>
          {errorMessage(products.error)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void products.refetch()}>
            Try again
          </button>
        </Alert>
      ) : courses.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">This store has no courses yet. Create a course product first, then include it here.</p>
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Courses</legend>
          <ul className="mt-2 space-y-2">
            {courses.map((course) => (
              <li key={course.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200 hover:bg-slate-50">
                  <input type="checkbox" className="size-4 accent-brand-600" checked={chosen.includes(course.id)} onChange={(event) => toggle(course.id, event.target.checked)} />
                  <span className="min-w-0 flex-1 break-words text-sm text-slate-900">{course.title}</span>
                  {course.status === 'draft' ? <span className="text-xs text-slate-500">Draft</span> : null}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending || products.isPending || products.isError} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save courses'}
        </Button>
      </div>
    </NestedForm>
  );
}

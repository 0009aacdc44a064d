import type { MembershipTier } from '@shopfront/core';
import { Alert } from '#src/components/ui/alert.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSetTierCourses } from '../api/membership-tiers-api.ts';
import { useProducts } from '../api/products-api.ts';
import { TierChecklistForm } from './tier-checklist-form.tsx';

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
  const courses = products.data?.products.filter((product) => product.type === 'course' && product.status !== 'archived');
  return (
    <TierChecklistForm
      intro="Members with access to this tier are enrolled at once. If their membership ends, the course locks until they renew; their progress is kept."
      legend="Courses"
      items={courses ? courses.map((course) => ({ id: course.id, label: course.title, ...(course.status === 'draft' ? { note: 'Draft' } : {}) })) : null}
      status={
        products.isError ? (
          <Alert>
            {errorMessage(products.error)}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void products.refetch()}>
              Try again
            </button>
          </Alert>
        ) : (
          <Spinner label="Loading your courses" />
        )
      }
      empty="This store has no courses yet. Create a course product first, then include it here."
      initial={tier.courses.map((course) => course.id)}
      saveLabel="Save courses"
      saving={save.isPending}
      saveError={save.isError ? save.error : null}
      onClose={onClose}
      onSave={async (chosen) => {
        await save.mutateAsync({ tierId: tier.id, courses: chosen });
        toast.success(chosen.length === 0 ? `“${tier.name}” includes no courses now.` : `Saved. Members of “${tier.name}” can take ${chosen.length === 1 ? 'the course' : `all ${chosen.length} courses`}.`);
        onClose();
      }}
    />
  );
}

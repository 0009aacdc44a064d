import type { ProductCheckoutProps } from '#src/features/storefront/components/product-detail.tsx';
import { CourseSyllabus } from '#src/features/courses/components/course-syllabus.tsx';

/** A course's page, under its checkout form: "What's inside", with the free-preview lessons to play. */
export function CourseSyllabusExtra(props: ProductCheckoutProps) {
  return <CourseSyllabus storeId={props.storeId} productId={props.product.id} />;
}

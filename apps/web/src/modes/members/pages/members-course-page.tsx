import { useParams } from 'react-router';
import { CoursePlayer } from '#src/features/courses/index.ts';
import { MEMBERS_PATHS } from '../paths.ts';
import { MembersFrame, useMembersStore } from '../components/members-frame.tsx';

/** `/members/courses/:productId[/lessons/:lessonId]` (docs/courses.md): the course player; the enrolment email links here. */
export function MembersCoursePage() {
  const { storeId } = useMembersStore();
  const { productId = '', lessonId = null } = useParams();
  return (
    <MembersFrame wide>
      <CoursePlayer storeId={storeId} productId={productId} lessonId={lessonId} homeHref={MEMBERS_PATHS.home} />
    </MembersFrame>
  );
}

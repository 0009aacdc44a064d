import { CourseSyllabusExtra } from './course-syllabus-view.tsx';
import { mountExtra } from './mount-extra.tsx';

/**
 * The course page's extra (a Vite entry; the server adds it to course product pages only): the
 * syllabus and its free-preview players. hls.js stays a lazy chunk of its own, fetched only when
 * a preview plays HLS in a browser that cannot play it natively (features/courses lesson-video.tsx).
 */
mountExtra('course-syllabus', CourseSyllabusExtra);

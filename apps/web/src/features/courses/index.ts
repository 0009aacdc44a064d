/** Courses in the members area: the customer's courses on the home page, and the course player. */
export { MyCoursesSection } from './components/my-courses-section.tsx';
export { CoursePlayer } from './components/course-player.tsx';

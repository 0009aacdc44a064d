import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export interface CourseLessonsUnlockedEmailParams extends TemplateBrand {
  studentName: string;
  courseTitle: string;
  /** The sections that opened, in course order (one, or several that opened together). */
  sections: { title: string; lessonCount: number }[];
  /** The first section's first lesson in the members area. */
  lessonUrl: string;
}

const oneLine = (value: string) => value.replace(/[\p{Cc}\s]+/gu, ' ').trim();
const newLessons = (count: number) => (count === 1 ? '1 new lesson' : `${count} new lessons`);

/**
 * Sent once per student and dripped section when it opens (docs/courses.md "New lessons unlocked"),
 * in the store's name; sections announced by the same check (they opened together, or while a
 * membership's access had lapsed) share one email.
 */
export function courseLessonsUnlockedEmail(params: CourseLessonsUnlockedEmailParams): RenderedEmail {
  const store = brandName(params);
  const course = oneLine(params.courseTitle);
  const sections = params.sections.map((section) => ({ title: oneLine(section.title), lessons: newLessons(section.lessonCount) }));
  const hi = `Hi ${oneLine(params.studentName) || 'there'}`;
  const [only] = sections;
  const single = sections.length === 1 && only;
  const listed = sections.map((section) => `“${section.title}” (${section.lessons})`);
  const total = newLessons(params.sections.reduce((sum, section) => sum + section.lessonCount, 0));
  return renderEmail(store, {
    subject: `New lessons unlocked in ${course}`,
    preheader: single ? `${only.title} is open: ${only.lessons}.` : `${sections.length} sections are open: ${total}.`,
    heading: 'New lessons unlocked',
    blocks: [
      {
        kind: 'paragraph',
        text: single
          ? `${hi}, “${only.title}” in ${course} is now open, with ${only.lessons}.`
          : `${hi}, ${sections.length} sections of ${course} are now open: ${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}.`,
      },
      { kind: 'action', label: 'Start the next lesson', url: assertHttpUrl(params.lessonUrl) },
      { kind: 'note', text: 'You can turn these emails off on the course page in the members area.' },
    ],
  });
}

import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export interface CourseLessonsUnlockedEmailParams extends TemplateBrand {
  studentName: string;
  courseTitle: string;
  sectionTitle: string;
  /** How many lessons the section holds. */
  lessonCount: number;
  /** The section's first lesson in the members area. */
  lessonUrl: string;
}

const oneLine = (value: string) => value.replace(/[\p{Cc}\s]+/gu, ' ').trim();

/** Sent once per student and dripped section when it opens (docs/courses.md "New lessons unlocked"), in the store's name. */
export function courseLessonsUnlockedEmail(params: CourseLessonsUnlockedEmailParams): RenderedEmail {
  const store = brandName(params);
  const course = oneLine(params.courseTitle);
  const section = oneLine(params.sectionTitle);
  const lessons = params.lessonCount === 1 ? '1 new lesson' : `${params.lessonCount} new lessons`;
  return renderEmail(store, {
    subject: `New lessons unlocked in ${course}`,
    preheader: `${section} is open: ${lessons}.`,
    heading: 'New lessons unlocked',
    blocks: [
      { kind: 'paragraph', text: `Hi ${oneLine(params.studentName) || 'there'}, “${section}” in ${course} is now open, with ${lessons}.` },
      { kind: 'action', label: 'Start the next lesson', url: assertHttpUrl(params.lessonUrl) },
      { kind: 'note', text: 'You can turn these emails off on the course page in the members area.' },
    ],
  });
}

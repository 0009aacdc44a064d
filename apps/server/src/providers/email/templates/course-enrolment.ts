import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export interface CourseEnrolmentEmailParams extends TemplateBrand {
  studentName: string;
  courseTitle: string;
  /** The course in the store's members area; signed-out students sign in (or sign up) and come back to it. */
  courseUrl: string;
}

const oneLine = (value: string) => value.replace(/[\p{Cc}\s]+/gu, ' ').trim();

/** Sent once per enrolment (docs/courses.md "Enrolment"), in the store's name. */
export function courseEnrolmentEmail(params: CourseEnrolmentEmailParams): RenderedEmail {
  const store = brandName(params);
  const title = oneLine(params.courseTitle);
  const hello = `Hi ${oneLine(params.studentName) || 'there'}`;
  return renderEmail(store, {
    subject: `You’re enrolled in ${title}`,
    preheader: `Start ${title} whenever you are ready.`,
    heading: 'You’re enrolled',
    blocks: [
      { kind: 'paragraph', text: `${hello}, you’re enrolled in ${title} from ${store}.` },
      { kind: 'paragraph', text: 'Your lessons are in the members area. Sign in (or create your account) with this email address to start:' },
      { kind: 'action', label: 'Start the course', url: assertHttpUrl(params.courseUrl) },
    ],
  });
}

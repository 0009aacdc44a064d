// Exports COURSE_MESSAGES: what a student is told about a lesson, shared by the course rules.
/** What a student is told when a lesson is not theirs to open (decision 042). */
export const COURSE_MESSAGES = {
  notEnrolled: 'This lesson is part of a course you are not enrolled in.',
  locked: 'This lesson is not open yet.',
  noVideo: 'This lesson has no video.',
} as const;

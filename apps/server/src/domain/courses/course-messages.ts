// Exports COURSE_MESSAGES: what a student is told about a lesson, shared by the course rules.
import { COURSE_MESSAGES as CORE } from '@shopfront/core';

/** What a student is told when a lesson is not theirs to open (decision 042); the texts live in core. */
export const COURSE_MESSAGES = {
  notEnrolled: CORE.notEnrolled,
  locked: CORE.locked,
  noVideo: 'This lesson has no video.',
  keepProgress: CORE.keepProgress,
} as const;

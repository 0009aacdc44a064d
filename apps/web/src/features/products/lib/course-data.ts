import type { CourseOutline, CourseStudent, CreatorLesson, OutlineLesson } from '@shopfront/core';

type Section = CourseOutline['sections'][number];

/** An outline lesson as getCourseOutline answers it; override what the test is about. */
export function testOutlineLesson(overrides: Partial<OutlineLesson> = {}): OutlineLesson {
  return { id: 'les_1', sectionId: 'csec_1', title: 'Welcome', position: 0, freePreview: false, video: null, embedUrl: null, fileCount: 0, completionPercent: 0, ...overrides };
}

export function testSection(overrides: Partial<Section> = {}): Section {
  return { id: 'csec_1', title: 'Getting started', position: 0, drip: { kind: 'immediately' }, lessons: [], ...overrides };
}

export function testOutline(productId: string, sections: Section[], overrides: Partial<CourseOutline> = {}): CourseOutline {
  const lessonCount = sections.reduce((sum, section) => sum + section.lessons.length, 0);
  return { productId, title: 'Pottery basics', status: 'draft', sections, lessonCount, studentCount: 0, certificateEnabled: false, ...overrides };
}

export function testCreatorLesson(overrides: Partial<CreatorLesson> = {}): CreatorLesson {
  return { ...testOutlineLesson(), bodyHtml: '', files: [], ...overrides };
}

export function testStudent(overrides: Partial<CourseStudent> = {}): CourseStudent {
  return {
    enrolmentId: 'enr_1',
    customerId: 'cus_1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    enrolledAt: '2026-01-02T10:00:00.000Z',
    endedAt: null,
    unlockedAllAt: null,
    completed: 1,
    total: 4,
    percent: 25,
    lastActivityAt: '2026-01-03T10:00:00.000Z',
    testMode: false,
    ...overrides,
  };
}

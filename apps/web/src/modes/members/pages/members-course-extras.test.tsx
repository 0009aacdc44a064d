import { AppError, COURSE_MESSAGES, type MyCourse } from '@shopfront/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testMyCourse } from '#src/features/courses/lib/my-course-data.ts';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderMembers, STORE_REF, TEST_MEMBER } from '../members-fixtures.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

function answer(course: MyCourse, setEmails: (data: { lessonEmails: boolean }) => unknown = (data) => ({ lessonEmails: data.lessonEmails })) {
  let current = course;
  answerFunctions(call, {
    lookupStore: () => STORE_REF,
    getCustomerSession: () => ({ customer: TEST_MEMBER }),
    getMyCourse: () => current,
    setMyCourseEmails: (data: { lessonEmails: boolean }) => {
      const answered = setEmails(data);
      current = { ...current, lessonEmails: data.lessonEmails };
      return answered;
    },
  });
}

const done = { progress: { completed: 3, total: 3, percent: 100 } };

describe('members area: the certificate and the new-lessons emails of a course', { timeout: 20_000 }, () => {
  it('offers no certificate when the creator has none, says what is left when one is offered, and links the PDF once complete', async () => {
    answer(testMyCourse());
    const first = renderMembers('/cozy-mugs/members/courses/prd_course');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pottery basics' })).toBeInTheDocument();
    expect(screen.queryByText(/certificate/i)).not.toBeInTheDocument();
    first.unmount();

    answer(testMyCourse({ certificate: 'incomplete' }));
    const second = renderMembers('/cozy-mugs/members/courses/prd_course');
    expect(await screen.findByText('Complete every lesson to get your certificate of completion.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download certificate/ })).not.toBeInTheDocument();
    second.unmount();

    answer(testMyCourse({ certificate: 'ready', ...done }));
    renderMembers('/cozy-mugs/members/courses/prd_course');
    await screen.findAllByText('3 of 3 lessons done · 100%');
    const link = screen.getByRole('link', { name: 'Download certificate of completion (PDF)' });
    expect(link).toHaveAttribute('href', '/api/stores/s1/members/courses/prd_course/certificate.pdf');
    expect(link).toHaveAttribute('download');
  });

  it('turns the new-lessons emails off with the switch, and shows the server’s refusal', async () => {
    answer(testMyCourse());
    renderMembers('/cozy-mugs/members/courses/prd_course');
    const toggle = await screen.findByRole('switch', { name: 'Email me when new lessons open' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Email me when new lessons open' })).toHaveAttribute('aria-checked', 'false'));
    expect(callsOf(call, 'setMyCourseEmails')).toEqual([{ storeId: 's1', productId: 'prd_course', lessonEmails: false }]);
  });

  it('keeps the switch as it was when saving fails, with the message', async () => {
    answer(testMyCourse(), () => {
      throw new AppError('not-found', COURSE_MESSAGES.courseNotFound);
    });
    renderMembers('/cozy-mugs/members/courses/prd_course');
    await userEvent.setup().click(await screen.findByRole('switch', { name: 'Email me when new lessons open' }));
    expect(await screen.findByText(COURSE_MESSAGES.courseNotFound)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Email me when new lessons open' })).toHaveAttribute('aria-checked', 'true');
  });

  it('hides the switch once every section is open: nothing is left to announce', async () => {
    const course = testMyCourse();
    answer({ ...course, sections: course.sections.map((section) => ({ ...section, open: true })) });
    renderMembers('/cozy-mugs/members/courses/prd_course');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pottery basics' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});

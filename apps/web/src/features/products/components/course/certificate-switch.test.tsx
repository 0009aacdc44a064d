import { AppError } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';
import { testOutline, testOutlineLesson, testSection } from '#src/features/products/lib/course-data.ts';
import { CourseCard } from './course-card.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());
const course = testProduct({ id: 'prd_course', type: 'course', title: 'Pottery basics', status: 'draft', ctaLabel: 'Enrol now' });
const outline = (certificateEnabled: boolean) => testOutline(course.id, [testSection({ lessons: [testOutlineLesson()] })], { certificateEnabled });

describe('the course’s certificate switch', { timeout: 20_000 }, () => {
  it('turns the certificate on and shows what the server saved', async () => {
    answerFunctions(call, { getCourseOutline: () => outline(false), setCourseCertificate: () => outline(true) });
    renderForCreator(<CourseCard product={course} />);
    const card = await screen.findByRole('region', { name: 'Lessons' });
    const toggle = await within(card).findByRole('switch', { name: 'Certificate of completion' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(within(card).getByRole('switch', { name: 'Certificate of completion' })).toHaveAttribute('aria-checked', 'true'));
    expect(callsOf(call, 'setCourseCertificate')).toEqual([{ storeId: course.storeId, productId: course.id, enabled: true }]);
  });

  it('keeps it off with the server’s message when refused, and is read-only for an archived course', async () => {
    answerFunctions(call, {
      getCourseOutline: () => outline(false),
      setCourseCertificate: () => {
        throw new AppError('failed-precondition', 'Saving is paused for this store.');
      },
    });
    const { unmount } = renderForCreator(<CourseCard product={course} />);
    const card = await screen.findByRole('region', { name: 'Lessons' });
    await userEvent.setup().click(await within(card).findByRole('switch', { name: 'Certificate of completion' }));
    expect(await within(card).findByText('Saving is paused for this store.')).toBeInTheDocument();
    expect(within(card).getByRole('switch', { name: 'Certificate of completion' })).toHaveAttribute('aria-checked', 'false');
    unmount();

    renderForCreator(<CourseCard product={{ ...course, status: 'archived' }} />);
    expect(await screen.findByRole('switch', { name: 'Certificate of completion' })).toBeDisabled();
  });
});

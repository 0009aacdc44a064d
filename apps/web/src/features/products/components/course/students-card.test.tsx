import { AppError } from '@shopfront/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';
import { testStudent } from '#src/features/products/lib/course-data.ts';
import { StudentsCard } from './students-card.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());
const course = testProduct({ id: 'prd_course', type: 'course', status: 'published' });
const lessons = [
  { lessonId: 'les_a', title: 'Welcome', completedCount: 2, completionPercent: 100 },
  { lessonId: 'les_b', title: 'Choosing clay', completedCount: 1, completionPercent: 50 },
];

describe('the course students card', { timeout: 20_000 }, () => {
  it('lists progress per student and per lesson, and unlocks everything for one after confirming', async () => {
    let unlocked: string | null = null;
    answerFunctions(call, {
      listCourseStudents: () => ({
        students: [
          testStudent({ unlockedAllAt: unlocked }),
          testStudent({ enrolmentId: 'enr_2', name: 'Ben', email: 'ben@example.com', endedAt: '2026-01-05T00:00:00.000Z', percent: 50, completed: 2 }),
        ],
        total: 2,
        page: 1,
        pageSize: 50,
        lessons,
      }),
      unlockCourseForStudent: (data: { enrolmentId: string }) => ((unlocked = '2026-01-06T00:00:00.000Z'), { enrolmentId: data.enrolmentId, unlockedAllAt: unlocked }),
    });
    renderForCreator(<StudentsCard product={course} />);
    const list = await screen.findByRole('list', { name: 'Students' });
    const [ada, ben] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(ada).toHaveTextContent('1 of 4 lessons · 25%');
    expect(within(ada).getByRole('progressbar', { name: 'Progress of Ada Lovelace' })).toHaveAttribute('aria-valuenow', '25');
    expect(ben).toHaveTextContent('Refunded: no access');
    expect(within(ben).queryByRole('button', { name: /Unlock everything/ })).not.toBeInTheDocument();
    const rates = within(screen.getByRole('list', { name: 'Completion per lesson' })).getAllByRole('listitem');
    expect(rates.map((row) => row.textContent)).toEqual(['Welcome2 students · 100%', 'Choosing clay1 student · 50%']);

    fireEvent.click(within(ada).getByRole('button', { name: 'Unlock everything for Ada Lovelace' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Unlock everything for Ada Lovelace?' });
    expect(callsOf(call, 'unlockCourseForStudent')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Unlock everything' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'unlockCourseForStudent')).toEqual([{ storeId: course.storeId, enrolmentId: 'enr_1' }]);
    expect(await screen.findByText(/Everything unlocked/)).toBeInTheDocument();
  });

  it('says when there are no students, and when none matches the search', async () => {
    answerFunctions(call, { listCourseStudents: () => ({ students: [], total: 0, page: 1, pageSize: 50, lessons: [] }) });
    renderForCreator(<StudentsCard product={course} />);
    expect(await screen.findByText('No students yet. Buyers of this course appear here.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search students'), { target: { value: 'zed' } });
    expect(await screen.findByText('No student matches that search.')).toBeInTheDocument();
    await waitFor(() => expect(callsOf(call, 'listCourseStudents').at(-1)).toEqual({ storeId: course.storeId, productId: course.id, page: 1, search: 'zed' }));
  });

  it('shows a load failure with a retry', async () => {
    answerFunctions(call, {
      listCourseStudents: () => {
        throw new AppError('unavailable', 'The server is not answering');
      },
    });
    renderForCreator(<StudentsCard product={course} />);
    expect(await screen.findByText(/The server is not answering/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

import { ComingSoon } from '../../../components/layout/coming-soon.tsx';

/** Reached only by a signed-in customer (ProtectedMembersArea). */
export function MembersAreaPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <ComingSoon title="Your purchases" description="Your orders and downloads will appear here." />
    </main>
  );
}

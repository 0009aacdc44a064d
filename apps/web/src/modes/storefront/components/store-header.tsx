import { ModeLink } from '../../../lib/mode-navigation.tsx';

export function StoreHeader({ name }: { name: string }) {
  return (
    <header className="border-b border-[#e8dccf] bg-[#faf6f1]/90">
      <nav aria-label="Store" className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <ModeLink to="/" className="truncate rounded-md font-serif text-xl font-bold">
          {name}
        </ModeLink>
        <ModeLink
          to="/members/login"
          className="inline-flex min-h-11 shrink-0 items-center rounded-full border border-[#3b2a20] px-4 text-sm font-semibold hover:bg-[#3b2a20] hover:text-[#faf6f1]"
        >
          Member sign in
        </ModeLink>
      </nav>
    </header>
  );
}

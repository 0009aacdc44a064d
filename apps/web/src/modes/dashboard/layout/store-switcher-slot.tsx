/** The header's place for the store switcher (multi-store issue); shows the slot's shape for now. */
export function StoreSwitcherSlot() {
  return (
    <div
      data-slot="store-switcher"
      className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 text-sm text-slate-500"
    >
      <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
      Your store
    </div>
  );
}

import { StoreSwitcher } from '#src/features/stores/manage.ts';

/** The header's store switcher (spec §4 active store). */
export function StoreSwitcherSlot() {
  return <StoreSwitcher />;
}

import { StoreSwitcher } from '#src/features/stores/manage.ts';

/** The header's store switcher (issue 4, spec §4 active store). */
export function StoreSwitcherSlot() {
  return <StoreSwitcher />;
}

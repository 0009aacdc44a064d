// The component's own file, not manage.ts: the settings sections there must not join the first screen.
import { StoreSwitcher } from '#src/features/stores/components/store-switcher.tsx';

/** The header's store switcher (spec §4 active store). */
export function StoreSwitcherSlot() {
  return <StoreSwitcher />;
}

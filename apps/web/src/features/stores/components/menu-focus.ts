export type FocusTarget = 'first' | 'last' | 'next' | 'previous' | 'checked';

/** Roving focus over a menu's items (WAI-ARIA menu pattern): arrows wrap, Home/End jump. */
export function moveFocus(menu: HTMLElement, target: FocusTarget): void {
  const items = [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([disabled])')];
  if (items.length === 0) return;
  const current = items.indexOf(document.activeElement as HTMLElement);
  const index = {
    first: 0,
    last: items.length - 1,
    next: current < 0 ? 0 : (current + 1) % items.length,
    previous: current < 0 ? items.length - 1 : (current - 1 + items.length) % items.length,
    checked: Math.max(0, items.findIndex((item) => item.getAttribute('aria-checked') === 'true')),
  }[target];
  items[index]?.focus();
}

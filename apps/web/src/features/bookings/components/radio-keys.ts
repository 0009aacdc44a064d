import type { KeyboardEvent } from 'react';

const NEXT = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * Radio-group keys (WAI-ARIA APG "Radio Group"): arrows move to the next or previous enabled
 * option, wrapping, Home and End to the first and last; moving also chooses. The group's buttons
 * carry `role="radio"`; the disabled ones `aria-disabled` and are skipped.
 */
export function onRadioKeys(event: KeyboardEvent<HTMLElement>, choose: (index: number) => void) {
  const radios = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]')];
  const enabled = radios.map((radio, index) => (radio.getAttribute('aria-disabled') === 'true' ? -1 : index)).filter((index) => index >= 0);
  if (enabled.length === 0) return;
  const current = radios.indexOf(document.activeElement as HTMLElement);
  const position = enabled.indexOf(current);
  let target: number | undefined;
  if (NEXT.has(event.key)) target = enabled[(position + 1) % enabled.length];
  else if (PREVIOUS.has(event.key)) target = enabled[(position <= 0 ? enabled.length : position) - 1];
  else if (event.key === 'Home') target = enabled[0];
  else if (event.key === 'End') target = enabled.at(-1);
  if (target === undefined) return;
  event.preventDefault();
  radios[target]?.focus();
  choose(target);
}

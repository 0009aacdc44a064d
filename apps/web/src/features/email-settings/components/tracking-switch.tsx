import { LabelledSwitch } from '#src/components/ui/labelled-switch.tsx';

export const TRACKING_EXPLANATION = 'Off by default. When on, each email carries a tiny image and its links pass through a redirect, so you see opens and clicks.';

/** Open and click tracking as an accessible switch. */
export function TrackingSwitch({ checked, onChange, disabled }: { checked: boolean; onChange: (next: boolean) => void; disabled?: boolean }) {
  return <LabelledSwitch label="Open and click tracking" hint={TRACKING_EXPLANATION} checked={checked} onChange={onChange} disabled={disabled} />;
}

import { MESSAGES } from '@shopfront/core';

/** Spec §2: emulator (development) mode shows a fixed red warning banner at the bottom. */
export function EmulatorBanner() {
  return (
    <div
      role="note"
      aria-label="Development mode"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 bg-red-600 px-4 py-1.5 text-center text-xs font-semibold text-white shadow-[0_-2px_8px_rgba(0,0,0,0.15)]"
    >
      {MESSAGES.screens.emulatorBanner}
    </div>
  );
}

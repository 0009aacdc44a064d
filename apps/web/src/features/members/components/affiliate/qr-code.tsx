import { useEffect, useState } from 'react';
import type { QRCodeSVG } from 'qrcode.react';

type QrSvg = typeof QRCodeSVG;

/**
 * A QR code of `value` as an SVG, black on white whatever the store's colours (phones read it
 * best so). The QR library is fetched the first time a code is shown: it reaches only the
 * members affiliate page, never another page or the storefront's script.
 */
export function QrCode({ value, label, size = 168 }: { value: string; label: string; size?: number }) {
  const [Svg, setSvg] = useState<{ component: QrSvg } | 'failed' | null>(null);

  useEffect(() => {
    let live = true;
    import('qrcode.react').then(
      (module) => live && setSvg({ component: module.QRCodeSVG }),
      () => live && setSvg('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  if (Svg === 'failed') {
    return <p className="text-sm text-slate-600">The QR code could not load. Copy the link instead, or reload the page to try again.</p>;
  }
  if (!Svg) {
    return (
      <div role="status" aria-busy="true" style={{ width: size, height: size }} className="max-w-full animate-pulse rounded-lg bg-slate-100">
        <span className="sr-only">Loading the QR code</span>
      </div>
    );
  }
  const Component = Svg.component;
  return (
    <div className="inline-block max-w-full rounded-lg bg-[#ffffff] p-2">
      <Component value={value} size={size} level="M" marginSize={2} bgColor="#ffffff" fgColor="#000000" role="img" aria-label={label} className="block h-auto max-w-full" />
    </div>
  );
}

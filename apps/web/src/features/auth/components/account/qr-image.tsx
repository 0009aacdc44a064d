/** UTF-8 safe base64 of a string (btoa alone takes Latin-1 only). */
export function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The enrolment QR code. The server's SVG is shown as an image (a data: URL), never injected into
 * the page as markup, so nothing inside it can run (SECURITY: no dangerouslySetInnerHTML).
 */
export function QrImage({ svg, label }: { svg: string; label: string }) {
  return (
    <img
      src={`data:image/svg+xml;base64,${toBase64(svg)}`}
      alt={label}
      width={192}
      height={192}
      className="size-48 rounded-xl bg-white p-2 ring-1 ring-slate-200"
    />
  );
}

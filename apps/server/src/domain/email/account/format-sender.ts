/**
 * The store's `From`: the creator's display name with the platform's own address (EMAIL_FROM),
 * since only that address is a verified sender. The name is one line, quoted, so a comma, angle
 * bracket or quote in it cannot add an address or header.
 */
export function formatSender(platformFrom: string, displayName: string): string {
  const address = /<([^<>]+)>\s*$/.exec(platformFrom)?.[1] ?? platformFrom.trim();
  const name = displayName.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  if (!name) return platformFrom;
  return `"${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}" <${address}>`;
}

/** "Cozy Mugs Co." → "CM"; one word → its first letter; nothing usable → "?" (never empty). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0]!.toLocaleUpperCase('en-US'));
  return letters.join('') || '?';
}

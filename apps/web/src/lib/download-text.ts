/**
 * Saves text as a file in the browser: a Blob URL clicked through a hidden link, revoked once the
 * click has handed the file over. Used for the exports the dashboard receives as one answer.
 */
export function downloadText(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Hands `blob` to the browser as a download named `filename` (a file fetched with the session's bearer token:
 * a plain link could not send it). Returns the file name.
 */
export function saveFile(blob: Blob, filename: string): string {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the file once the click is handled
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return filename;
}

/** Hands a downloaded file to the browser as a download with its name. */
export function saveFile(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the address is let go.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

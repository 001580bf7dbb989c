/** A PDF the API answered as base64 text, as a Blob the browser can save or send back. */
export function pdfBlob(base64: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: 'application/pdf' });
}

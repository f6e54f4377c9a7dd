// Saves a string or data URL as a file through a temporary link (CSV and PNG export).
export function downloadText(filename: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadUrl(filename, url);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadUrl(filename: string, url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** A file name from a panel id and the time: `ttft-2026-01-01T12-00-00Z.csv`. */
export function exportName(id: string, ext: string, nowMs = Date.now()): string {
  const stamp = new Date(nowMs).toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  return `${id}-${stamp}.${ext}`;
}

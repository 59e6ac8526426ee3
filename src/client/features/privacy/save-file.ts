/** The file name a download answer gives (`Content-Disposition: attachment; filename="…"`), or null. */
export function fileNameOf(response: Response): string | null {
  const header = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"/\\]+)"/.exec(header)?.[1] ?? /filename=([^;"/\\\s]+)/.exec(header)?.[1];
  return name ?? null;
}

/** The name the server gives its data file, for an answer that names none: `discoverlocal-data-YYYY-MM-DD.json`. */
export function fallbackFileName(now = new Date()): string {
  return `discoverlocal-data-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * Saves a downloaded answer as a file under the name the server gave it: a link to the blob, clicked.
 * The blob's address is released once the browser has taken it.
 */
export async function saveResponse(response: Response): Promise<string> {
  const name = fileNameOf(response) ?? fallbackFileName();
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

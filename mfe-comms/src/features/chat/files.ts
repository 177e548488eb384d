/**
 * Opening a chat attachment. A traveller's upload is private: /media/uploads serves it only with its owner's
 * X-Authorization, and the staff side's file URL (agent/file) only with a staff token, so a plain link would answer
 * 404. The file is fetched with the reader's token and handed to the browser as a download of its own name.
 */
export async function downloadFile(url: string, name: string, token: string, o: { fetch?: typeof fetch; document?: Document } = {}): Promise<void> {
  const doFetch = o.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const doc = o.document ?? document;
  const response = await doFetch(url, { headers: { 'X-Authorization': `Bearer ${token}` } });
  if (!response.ok) throw new Error(`[${response.status}] ${url}`);
  const href = URL.createObjectURL(await response.blob());
  const a = doc.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  doc.body.appendChild(a);
  a.click();
  a.remove();
  // Long enough for the download to start; the blob is released afterwards.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

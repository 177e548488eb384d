/** Tiny cookie helpers; lifetimes come from the shared COOKIES table. */
export function readCookie(name: string, doc: Document | undefined = typeof document === 'undefined' ? undefined : document): string | null {
  if (!doc) return null;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of doc.cookie.split(';')) {
    const p = part.trim();
    if (p.startsWith(prefix)) return decodeURIComponent(p.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number, doc: Document = document): void {
  doc.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax`;
}

export function deleteCookie(name: string, doc: Document = document): void {
  doc.cookie = `${encodeURIComponent(name)}=; Max-Age=0; Path=/; SameSite=Lax`;
}

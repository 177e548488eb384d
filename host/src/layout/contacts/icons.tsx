/** Inline icons of the layout (no remote images). Decorative: the link or button around them has the name. */

const GLYPHS: Record<string, string> = {
  telegram: 'M5 11.5l13-5-2.2 11-4.3-3.2-2.3 2.2.3-3.4 5.4-5-6.8 4.2z',
  whatsapp: 'M12 4a8 8 0 00-6.9 12l-1 3.8 3.9-1A8 8 0 1012 4zm3.8 10.9c-.2.5-1 .9-1.4.9-.4 0-.8.2-2.6-.6-2.2-.9-3.5-3.1-3.6-3.3-.1-.2-.9-1.2-.9-2.2s.6-1.6.8-1.8c.2-.2.4-.3.6-.3h.4c.1 0 .3 0 .5.4l.7 1.6c.1.1.1.3 0 .4l-.3.4-.3.3c-.1.1-.2.3-.1.5.1.2.6 1 1.3 1.6.9.8 1.6 1 1.8 1.1.2.1.4.1.5-.1l.7-.8c.2-.2.3-.2.5-.1l1.5.7c.2.1.4.2.4.3.1.1.1.6-.1 1.1z',
  viber: 'M12 4c-4.4 0-7 1.9-7 6.6 0 2.7.8 4.4 2.4 5.3V19l2.4-2.1c.7.1 1.4.2 2.2.2 4.4 0 7-1.9 7-6.5S16.4 4 12 4zm2.9 9.7c-.3.4-.9.7-1.4.5-2.3-.9-4-2.6-4.9-4.9-.2-.5.1-1.1.5-1.4l.4-.3c.3-.2.7-.2.9.1l.8 1.1c.2.3.2.6-.1.9l-.3.3c.4.9 1.1 1.6 2 2l.3-.3c.3-.3.6-.3.9-.1l1.1.8c.3.2.3.6.1.9z',
  vk: 'M4.5 8h2.7c.2 0 .3.1.4.3.5 1.4 1.7 3.6 2.3 3.6.3 0 .3-.3.3-1.1V8.9c-.1-.8-.5-.8-.5-1.1 0-.1.1-.3.3-.3h2.6c.3 0 .4.2.4.5v3.2c0 .3.1.4.2.4.3 0 .6-.2 1.2-.8 1-1.2 1.7-3 1.7-3 .1-.2.3-.4.6-.4h2.1c.6 0 .7.3.6.7-.3 1.2-2.7 4.6-2.7 4.6-.2.3-.3.5 0 .9.2.3 1 1 1.5 1.6.9 1 1.6 1.9 1.8 2.5.1.5-.1.8-.7.8h-2.1c-.6 0-.8-.4-1.8-1.4-.9-.9-1.3-1-1.5-1-.3 0-.4.1-.4.6v1.3c0 .4-.1.5-1 .5-1.7 0-3.6-1-4.9-2.9C5.7 12.6 5.1 10.4 5.1 10c0-.2.1-.4.4-.4z',
  ok: 'M12 4.5a3.2 3.2 0 110 6.4 3.2 3.2 0 010-6.4zm0 1.9a1.3 1.3 0 100 2.6 1.3 1.3 0 000-2.6zm3.3 6.1c.4-.3 1-.2 1.3.2.3.4.2 1-.2 1.3-.8.6-1.8 1-2.8 1.2l2.2 2.2c.4.4.4 1 0 1.3-.4.4-1 .4-1.3 0L12 16.3l-2.5 2.4c-.4.4-1 .4-1.3 0-.4-.4-.4-1 0-1.3l2.2-2.2c-1-.2-2-.6-2.8-1.2-.4-.3-.5-.9-.2-1.3.3-.4.9-.5 1.3-.2 1.9 1.3 4.6 1.3 6.6 0z',
  facebook: 'M13.2 20v-7h2.3l.4-2.8h-2.7V8.5c0-.8.2-1.3 1.4-1.3H16V4.7c-.3 0-1.1-.1-2.1-.1-2.1 0-3.5 1.3-3.5 3.6v2H8V13h2.4v7z',
  instagram: 'M12 7.6a4.4 4.4 0 100 8.8 4.4 4.4 0 000-8.8zm0 7.2a2.8 2.8 0 110-5.6 2.8 2.8 0 010 5.6zM16.6 6.4a1 1 0 100 2 1 1 0 000-2zM12 4c-2.2 0-2.4 0-3.3.1-3 .1-4.5 1.6-4.6 4.6C4 9.6 4 9.8 4 12s0 2.4.1 3.3c.1 3 1.6 4.5 4.6 4.6.9.1 1.1.1 3.3.1s2.4 0 3.3-.1c3-.1 4.5-1.6 4.6-4.6.1-.9.1-1.1.1-3.3s0-2.4-.1-3.3c-.1-3-1.6-4.5-4.6-4.6C14.4 4 14.2 4 12 4z',
  youtube: 'M20 8.6c-.2-.8-.8-1.4-1.6-1.6C17 6.7 12 6.7 12 6.7s-5 0-6.4.3c-.8.2-1.4.8-1.6 1.6C3.7 10 3.7 12 3.7 12s0 2 .3 3.4c.2.8.8 1.4 1.6 1.6 1.4.3 6.4.3 6.4.3s5 0 6.4-.3c.8-.2 1.4-.8 1.6-1.6.3-1.4.3-3.4.3-3.4s0-2-.3-3.4zM10.3 14.6V9.4l4.4 2.6z',
};

/** A messenger or social network mark; unknown networks get a speech bubble. */
export function NetworkIcon({ network }: { network: string }) {
  const d = GLYPHS[network] ?? 'M5 6.5A2.5 2.5 0 017.5 4h9A2.5 2.5 0 0119 6.5v7a2.5 2.5 0 01-2.5 2.5H11l-4 3.5V16h.5A2.5 2.5 0 015 13.5z';
  return (
    <svg className={`lay-net lay-net--${GLYPHS[network] ? network : 'other'}`} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}

export function PhoneIcon() {
  return (
    <svg className="lay-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M7 3.5l2.6-.5 1.6 4.1-2 1.4a11 11 0 005.3 5.3l1.4-2 4.1 1.6-.5 2.6c-.2 1-1.1 1.7-2.1 1.6C10.6 17.2 6.8 13.4 5.4 6.6c-.1-1 .6-1.9 1.6-2.1z" fill="currentColor" />
    </svg>
  );
}

export function MailIcon() {
  return (
    <svg className="lay-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M4 6h16v12H4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="M4.5 6.5L12 13l7.5-6.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

export function ChatIcon() {
  return (
    <svg className="lay-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M4 6.5A2.5 2.5 0 016.5 4h11A2.5 2.5 0 0120 6.5v8a2.5 2.5 0 01-2.5 2.5H10l-4.5 3.5V17A2.5 2.5 0 014 14.5z" fill="currentColor" />
      <circle cx="9" cy="10.5" r="1.2" fill="#fff" />
      <circle cx="12" cy="10.5" r="1.2" fill="#fff" />
      <circle cx="15" cy="10.5" r="1.2" fill="#fff" />
    </svg>
  );
}

export function GlobeIcon() {
  return (
    <svg className="lay-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="8.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M3.8 12h16.4M12 3.8c2.3 2.4 3.4 5.1 3.4 8.2s-1.1 5.8-3.4 8.2c-2.3-2.4-3.4-5.1-3.4-8.2s1.1-5.8 3.4-8.2z" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

export function PersonIcon() {
  return (
    <svg className="lay-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8.5" r="3.7" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M4.8 20c.9-3.6 3.7-5.6 7.2-5.6s6.3 2 7.2 5.6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg className="lay-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function ChevronIcon() {
  return (
    <svg className="lay-chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M7 10l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

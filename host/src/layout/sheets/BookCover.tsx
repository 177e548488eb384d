/** The e-book's cover (decorative), shared by the sheet and the modal. */
export function BookCover() {
  return (
    <svg className="lay-book" viewBox="0 0 64 80" width="48" height="60" aria-hidden="true" focusable="false">
      <rect x="4" y="2" width="56" height="76" rx="4" fill="currentColor" />
      <rect x="4" y="2" width="8" height="76" rx="3" fill="#000" opacity=".18" />
      <path d="M18 56l10-16 6 9 5-6 11 13z" fill="#fff" opacity=".9" />
      <circle cx="44" cy="28" r="5" fill="#fff" opacity=".9" />
    </svg>
  );
}

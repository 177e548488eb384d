/** The 404 illustration (§2.8): a trail that runs off the map. Decorative. */
export function NotFoundIllustration() {
  return (
    <svg className="lay-error__art" viewBox="0 0 320 200" width="320" height="200" aria-hidden="true" focusable="false" data-testid="not-found-image">
      <rect x="0" y="0" width="320" height="200" rx="24" fill="#eef4fb" />
      <circle cx="250" cy="52" r="18" fill="#ffd36e" />
      <path d="M0 150l60-62 38 40 52-66 62 74 38-36 70 54v46H0z" fill="#b9d3ee" />
      <path d="M0 170l70-46 50 34 60-40 70 46 70-30v66H0z" fill="#8fb6df" />
      <path d="M36 186c30-22 58-14 84-30s34-40 66-44 50 8 70-4" fill="none" stroke="#fff" strokeWidth="4" strokeDasharray="2 10" strokeLinecap="round" />
      <g transform="translate(262 106)">
        <circle r="20" fill="#fff" stroke="#1d2430" strokeWidth="3" />
        <path d="M0-13l5 13-5 13-5-13z" fill="#e8542f" />
        <circle r="2.5" fill="#1d2430" />
      </g>
      <g transform="translate(58 58)" fill="none" stroke="#1d2430" strokeWidth="3" strokeLinecap="round">
        <circle r="16" />
        <path d="M11 11l14 14" />
        <path d="M-5-3a6 6 0 019 0M0 6v.5" />
      </g>
    </svg>
  );
}

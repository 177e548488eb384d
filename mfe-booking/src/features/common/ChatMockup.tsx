/**
 * The 'video mockup' of the success screen (public-site §2.7): a phone showing a chat with the travel expert, the
 * bubbles appearing one after another (CSS; still for 'prefers-reduced-motion'), or, in the Chinese locale, the same
 * picture still (§2.7: an image there). Decorative: the texts around it say what to do.
 */
export function ChatMockup({ still }: { still: boolean }) {
  return (
    <div className={`bk-mockup${still ? ' bk-mockup--still' : ''}`} aria-hidden="true" data-testid="chat-mockup">
      <svg viewBox="0 0 160 280" width="160" height="280" focusable="false">
        <rect x="4" y="4" width="152" height="272" rx="22" fill="#1f2933" />
        <rect x="12" y="24" width="136" height="236" rx="10" fill="#f5f7fa" />
        <rect x="60" y="12" width="40" height="5" rx="2.5" fill="#52606d" />
        <circle cx="28" cy="40" r="8" fill="#3e8ef7" />
        <rect x="42" y="35" width="56" height="5" rx="2.5" fill="#9aa5b1" />
        <rect x="42" y="43" width="36" height="4" rx="2" fill="#cbd2d9" />
        <g className="bk-mockup__bubble bk-mockup__bubble--1"><rect x="20" y="62" width="84" height="26" rx="8" fill="#fff" stroke="#e4e7eb" /><rect x="28" y="70" width="60" height="4" rx="2" fill="#7b8794" /><rect x="28" y="78" width="40" height="4" rx="2" fill="#9aa5b1" /></g>
        <g className="bk-mockup__bubble bk-mockup__bubble--2"><rect x="56" y="96" width="84" height="20" rx="8" fill="#3e8ef7" /><rect x="64" y="104" width="56" height="4" rx="2" fill="#e6f0ff" /></g>
        <g className="bk-mockup__bubble bk-mockup__bubble--3"><rect x="20" y="124" width="96" height="34" rx="8" fill="#fff" stroke="#e4e7eb" /><rect x="28" y="132" width="72" height="4" rx="2" fill="#7b8794" /><rect x="28" y="140" width="64" height="4" rx="2" fill="#7b8794" /><rect x="28" y="148" width="30" height="4" rx="2" fill="#9aa5b1" /></g>
        <g className="bk-mockup__bubble bk-mockup__bubble--4"><rect x="64" y="166" width="76" height="20" rx="8" fill="#3e8ef7" /><rect x="72" y="174" width="44" height="4" rx="2" fill="#e6f0ff" /></g>
        <rect x="20" y="232" width="100" height="18" rx="9" fill="#fff" stroke="#e4e7eb" />
        <circle cx="132" cy="241" r="9" fill="#3e8ef7" />
      </svg>
    </div>
  );
}

import { createContext, useContext, useId, type ReactNode } from 'react';
import { SafeHtml } from '@tours/shared/kit';

/** A page section with its anchor and heading (anchor navigation of §2.6). */
export function Section({ anchor, title, children, actions, className }: { anchor?: string; title: ReactNode; children: ReactNode; actions?: ReactNode; className?: string }) {
  const generated = useId().replace(/:/g, '');
  const titleId = `${anchor ?? `s${generated}`}-title`;
  return (
    <section id={anchor} className={`tour-section${className ? ` ${className}` : ''}`} aria-labelledby={titleId} tabIndex={anchor ? -1 : undefined}>
      <div className="tour-section__head">
        <h2 id={titleId} className="tour-section__title">{title}</h2>
        {actions && <div className="tour-section__actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A small info hint: a button that shows its text on hover and focus (and names itself with it). */
export function Hint({ text, label }: { text: string; label: string }) {
  const id = `hint${useId().replace(/:/g, '')}`;
  return (
    <span className="tour-hint">
      <button type="button" className="tour-hint__btn" aria-label={label} aria-describedby={id}>?</button>
      <span id={id} role="tooltip" className="tour-hint__text">{text}</span>
    </span>
  );
}

/**
 * The language of the tour's own texts when it is not the page's (the API fell back to English for a German or Russian
 * page: `fallback_locale`); undefined when they are in the page's language.
 */
export const ContentLang = createContext<string | undefined>(undefined);

/** HTML of the tour's data (descriptions, programme, conditions): marked with its language when that is not the page's. */
export function TourRich({ html, className }: { html: string; className?: string }) {
  const lang = useContext(ContentLang);
  const rich = <SafeHtml className={`tour-rich${className ? ` ${className}` : ''}`} html={html} />;
  return lang ? <div lang={lang}>{rich}</div> : rich;
}

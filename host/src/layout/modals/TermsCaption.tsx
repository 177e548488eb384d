import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { Button } from '@tours/shared/kit';

/** 'You acknowledge that you agree to our Terms and Conditions and Privacy Policy when you click "{button}"' (§2.7). */
function TermsCaption({ button }: { button: string }) {
  const host = useHost();
  // Opened in a new tab so the half-filled form stays.
  const link = (href: string) => (chunks: ReactNode[]) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {chunks}
    </a>
  );
  return (
    <p className="lay-modal__caption">
      <FormattedMessage id="layout.form.termsCaption" values={{ button, terms: link(host.href('agreement')), privacy: link(host.href('privacy')) }} />
    </p>
  );
}

/** The submit button of a layout modal's form and the terms caption under it. */
export function SubmitWithTerms({ label, sending }: { label: string; sending: boolean }) {
  return (
    <>
      <Button type="submit" block loading={sending}>
        {label}
      </Button>
      <TermsCaption button={label} />
    </>
  );
}

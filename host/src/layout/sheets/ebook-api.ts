/** The e-book sheet's call, in the sheet's own chunk (layout-modals loads it with the modal). */
import type { HostContext } from '@tours/shared/contract';
import { ProgrammeSentAnswer } from '@tours/shared/api';

/**
 * The e-book subscription (public-site §7.4 '({email})', its path not in the spec; issue 29): POST /spa/subscribe-ebook
 * e-mails the travel guide in the page's language, prices in the site's currency (X-Currency). Captcha-marked like the
 * programme's e-mail calls. Not a help request: it had been one (common_help_by_email), and nothing reached the traveller.
 */
export function subscribeEbook(host: HostContext, email: string) {
  return host.api.post('/spa/subscribe-ebook', { email }, { schema: ProgrammeSentAnswer, captcha: true });
}

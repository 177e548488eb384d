/**
 * What every help request's comment carries (public-site §7.4): the traveller's words, then a 'request from {url}'
 * line naming the page it was sent from. One implementation for the host's forms, the booking parcels and the widgets.
 */
export function helpRequestComment(comment: string | null | undefined, url: string): string {
  return [comment?.trim(), `request from ${url}`].filter(Boolean).join('\n');
}

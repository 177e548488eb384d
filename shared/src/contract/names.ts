/** The five federated microfrontends. Their URLs come from the runtime manifest, never from a build. */
export const MFE_NAMES = ['mfe-search', 'mfe-tour', 'mfe-booking', 'mfe-account', 'mfe-comms'] as const;
export type MfeName = (typeof MFE_NAMES)[number];

/** Module Federation container name of each microfrontend (identifiers cannot hold '-'). */
export function federationName(mfe: MfeName): string {
  return mfe.replace('-', '_');
}

/** The DOM slot the host's layout keeps for each microfrontend. */
export function slotId(mfe: MfeName): string {
  return `mfe-slot-${mfe}`;
}

/** At most this many travellers in one request (adults and children together; the API refuses more). */
export const MAX_PARTY = 50;

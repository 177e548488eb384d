/** The photo shape, apart from ./organizers.ts (which re-exports it): a search card needs it alone (issue 33). */
import { string, type } from 'superstruct';
import { oneOf } from './common';

/** A photo: a URL string or an object with url (both readings of the spec are accepted by clients). */
export const Photo = oneOf([string(), type({ url: string() })]);

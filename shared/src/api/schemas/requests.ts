/**
 * Help requests (public-site §3.7, §7.4). The answer carries the new request's id.
 */
import { type Infer, integer, type } from 'superstruct';

export const SubmitHelpRequestAnswer = type({ request_id: integer() });
export type SubmitHelpRequestAnswer = Infer<typeof SubmitHelpRequestAnswer>;

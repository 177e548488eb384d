/**
 * The lower part of the tour page: one chunk, downloaded when the first of these sections comes near the
 * viewport (or the anchor navigation is used), so a first visit only pays for what is on screen.
 */
import '../../common/common.css';
import '../sections.css';

export { Route } from './Route';
export { Accommodation } from './Accommodation';
export { Conditions } from './Conditions';
export { Faq } from './Faq';
export { Schedule } from './Schedule';
export { Reviews } from './Reviews';
export { Organizer } from './Organizer';
export { Similar } from './Similar';

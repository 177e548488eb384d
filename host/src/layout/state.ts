import { atom } from 'jotai';
import type { ChatSourcesAnswer, ContactsAnswer, InfoAnswer, SocialLink, WorkTimeAnswer } from '@tours/shared/api';

/**
 * Site data the layout shows (public-site §3.6, §7.5). Each starts empty and stays so when its call
 * fails (§8 'defaults are kept'): the parts that need it are simply not shown.
 */
export const contactsAtom = atom<ContactsAnswer | null>(null);
export const workTimeAtom = atom<WorkTimeAnswer | null>(null);
export const socialLinksAtom = atom<SocialLink[]>([]);
export const chatSourcesAtom = atom<Partial<ChatSourcesAnswer>>({});
export const siteInfoAtom = atom<InfoAnswer | null>(null);
/** True once the visitor's country is known or could not be found; contacts wait for it. */
export const countryResolvedAtom = atom(false);

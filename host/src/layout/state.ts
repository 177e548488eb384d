import { atom } from 'jotai';
import type { ChatSourcesAnswer, ContactsAnswer, InfoAnswer, SocialLink, WorkTimeAnswer } from '@tours/shared/api';
import type { LayoutData } from './layout-data';

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
/** The location dropdown waits for the visitor's answer (first-visit.ts: the other prompts wait for it). */
export const locationAskingAtom = atom(false);
/**
 * The cookie alert was answered before this page was served (the server read its cookie): the partnership bar
 * shows (first-visit.ts). Set once from the initial state, the same on the server and in the browser.
 */
export const cookiesAnsweredAtom = atom(false);
/** The cookie alert is on screen or about to be (not answered yet). */
export const cookiesPendingAtom = atom(false);
/** What the server inlined of the layout's data (layout-data.ts): the page's start does not ask for it again. */
export const serverLayoutAtom = atom<LayoutData>({});

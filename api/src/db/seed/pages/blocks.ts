/** Short builders of the pages' blocks, so the texts per locale read as text (shared/src/api/schemas/info-pages.ts). */
import type { InfoLinkRoute, InfoPageKey, StoredInfoBlock } from '@tours/shared/src/api/schemas/info-pages';
import { COMPANY } from './company';

/** One locale's pages. */
export type PageTexts = Record<InfoPageKey, StoredInfoBlock[]>;

export const h2 = (text: string): StoredInfoBlock => ({ type: 'heading', level: 2, text });
export const h3 = (text: string): StoredInfoBlock => ({ type: 'heading', level: 3, text });
export const p = (text: string): StoredInfoBlock => ({ type: 'paragraph', text });
export const note = (text: string): StoredInfoBlock => ({ type: 'note', text });
export const ul = (...items: string[]): StoredInfoBlock => ({ type: 'list', items });
export const ol = (...items: string[]): StoredInfoBlock => ({ type: 'list', ordered: true, items });
export const faq = (title: string, ...items: [question: string, answer: string][]): StoredInfoBlock => ({
  type: 'faq', title, items: items.map(([question, answer]) => ({ question, answer })),
});
export const link = (route: InfoLinkRoute, text: string): StoredInfoBlock => ({ type: 'link', route, text });
/** The site's contacts (phones, e-mail, schedule), filled in by the API when it answers. */
export const contacts = (): StoredInfoBlock => ({ type: 'contacts' });

/** The labels of the company requisites in a locale; the values are the same everywhere (company.ts). */
export interface RequisiteLabels {
  name: string;
  inn: string;
  kpp: string;
  ogrn: string;
  address: string;
  bank: string;
  bik: string;
  account: string;
  corrAccount: string;
}

/** The requisites block: the company's name and address as written in the locale (Latin or Cyrillic). */
export function requisites(title: string, l: RequisiteLabels, names: { name: string; address: string; bank: string }): StoredInfoBlock {
  return {
    type: 'requisites',
    title,
    rows: [
      { label: l.name, value: names.name },
      { label: l.inn, value: COMPANY.inn },
      { label: l.kpp, value: COMPANY.kpp },
      { label: l.ogrn, value: COMPANY.ogrn },
      { label: l.address, value: names.address },
      { label: l.bank, value: names.bank },
      { label: l.bik, value: COMPANY.bik },
      { label: l.account, value: COMPANY.account },
      { label: l.corrAccount, value: COMPANY.corrAccount },
    ],
  };
}

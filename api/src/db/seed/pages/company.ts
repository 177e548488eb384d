/**
 * The operator's company requisites as seeded: a fictional Russian LLC (the product's own demo data, not a real
 * company or bank account). The numbers are well-formed (INN, OGRN and the accounts carry valid check digits), so
 * forms and validators that check them accept them.
 */
export const COMPANY = {
  inn: '7701483528',
  kpp: '770101001',
  ogrn: '1197746352187',
  bik: '044525711',
  account: '40702810100000351874',
  corrAccount: '30101810845250000711',
  /** The press office's address (press page). */
  pressEmail: 'press@tours.example',
  /** Partnerships (for-agencies page). */
  partnersEmail: 'partners@tours.example',
  /** Personal-data requests (privacy page). */
  privacyEmail: 'privacy@tours.example',
  /** The Russian registry of tour operators (a fictional number in the registry's format). */
  registryNumber: 'РТО 023517',
} as const;

/** Names as written in Russian (the legal form) and in Latin letters. */
export const COMPANY_NAMES = {
  ru: { name: 'ООО «Туры по России»', address: '105005, г. Москва, ул. Бауманская, д. 11, стр. 8, офис 214', bank: 'АО «Северный торговый банк», г. Москва' },
  latin: { name: 'Tours of Russia LLC (OOO «Tury po Rossii»)', address: 'Office 214, 11 Baumanskaya St., bldg. 8, Moscow 105005, Russia', bank: 'JSC Severny Torgovy Bank, Moscow' },
} as const;

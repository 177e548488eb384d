/**
 * The organizer legal forms of accounts-and-comms §3 (two lists; the spec does not say where each is used): list 1 is
 * the organizer's own legal_form (/crm/api/organizer/info, the staff calls); list 2 is the other reading of the same
 * field, a contract's party (the organizer-meet data). Name → value; their texts live in the catalogue of the area
 * that shows them, under labelId. The one definition: the API schemas and the organizer-meet rules import it.
 */
export const ORGANIZER_LEGAL_FORMS = { natural_person: 1, individual_entrepreneur: 2, legal_entity: 3 } as const;
export const CONTRACT_LEGAL_FORMS = { legal_entity: 1, individual_entrepreneur: 2, self_employed: 3 } as const;
export type LegalFormName = keyof typeof ORGANIZER_LEGAL_FORMS | keyof typeof CONTRACT_LEGAL_FORMS;
export type OrganizerLegalForm = (typeof ORGANIZER_LEGAL_FORMS)[keyof typeof ORGANIZER_LEGAL_FORMS];
export type ContractLegalForm = (typeof CONTRACT_LEGAL_FORMS)[keyof typeof CONTRACT_LEGAL_FORMS];

/** The catalogue key of a legal form's label (one text per form, whichever list it comes from). */
export const legalFormLabelId = (name: LegalFormName): string => `organizer.legalForm.${name}`;

/** A list's options in its order: value, name and label key (for a select). */
export function legalFormOptions<L extends Readonly<Record<string, number>>>(list: L): { value: L[keyof L]; name: keyof L & LegalFormName; labelId: string }[] {
  return Object.entries(list)
    .sort(([, a], [, b]) => a - b)
    .map(([name, value]) => ({ value: value as L[keyof L], name: name as keyof L & LegalFormName, labelId: legalFormLabelId(name as LegalFormName) }));
}

/** The values of each list, for enums(). */
export const ORGANIZER_LEGAL_FORM_VALUES = [1, 2, 3] as const satisfies readonly OrganizerLegalForm[];
export const CONTRACT_LEGAL_FORM_VALUES = [1, 2, 3] as const satisfies readonly ContractLegalForm[];

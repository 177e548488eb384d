import { is } from 'superstruct';
import { CONTRACT_LEGAL_FORMS, ORGANIZER_LEGAL_FORMS, OrganizerInfoAnswer, legalFormLabelId, legalFormOptions } from './organizers';

describe("legal forms (accounts-and-comms §3 'Organizer legal forms')", () => {
  test.each([
    ['list 1', ORGANIZER_LEGAL_FORMS, [[1, 'natural_person'], [2, 'individual_entrepreneur'], [3, 'legal_entity']]],
    ['list 2', CONTRACT_LEGAL_FORMS, [[1, 'legal_entity'], [2, 'individual_entrepreneur'], [3, 'self_employed']]],
  ] as const)('%s: values, names and label keys in order', (_name, list, expected) => {
    expect(legalFormOptions(list)).toEqual(expected.map(([value, name]) => ({ value, name, labelId: `organizer.legalForm.${name}` })));
  });

  test('one label key per form, whichever list names it', () => {
    expect(legalFormLabelId('individual_entrepreneur')).toBe('organizer.legalForm.individual_entrepreneur');
    expect(legalFormOptions(ORGANIZER_LEGAL_FORMS)[2]!.labelId).toBe(legalFormOptions(CONTRACT_LEGAL_FORMS)[0]!.labelId);
  });

  test.each([[1, true], [2, true], [3, true], [0, false], [4, false], ['3', false]])('organizer info legal_form %p is valid: %p', (legalForm, valid) => {
    const info = {
      id: 1, name: 'N', kind: 'author', expert: { first_name: 'A', last_name: 'B', photo: null }, experts: [], marketplace_requests_with_direct_sale: false,
      description: '', rating: 0, reviews_count: 0, tours_count: 0, since_year: 2020, logo: '/media/organizers/1-1/{{size}}/image.svg', legal_form: legalForm, region: null, tours: [],
    };
    expect(is(info, OrganizerInfoAnswer)).toBe(valid);
  });
});

import { tripActions, type TripFacts } from './trips';

const facts = (over: Partial<TripFacts>): TripFacts => ({ status: 1, tourists: 0, party: 2, payable: false, ...over });

describe('tripActions: what a traveller can do next, the next one first', () => {
  test.each([
    ['sent, no tourists yet', facts({}), ['add_tourists', 'chat', 'cancel']],
    ['sent, every tourist entered', facts({ tourists: 2 }), ['chat', 'cancel']],
    ['confirmed with an invoice open', facts({ status: 2, payable: true }), ['pay', 'add_tourists', 'chat', 'cancel']],
    ['prepaid, tourists entered', facts({ status: 3, tourists: 2 }), ['chat', 'cancel']],
    ['tour taken place', facts({ status: 4, payable: true }), []],
    ['cancelled by the traveller', facts({ status: 5 }), []],
    ['cancelled by our team', facts({ status: 8, payable: true }), []],
  ])('%s', (_name, input, expected) => {
    expect(tripActions(input)).toEqual(expected);
  });
});

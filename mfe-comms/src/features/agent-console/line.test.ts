import { callerOf, INITIAL_LINE, lineReducer, retryDelay, type LineEvent, type LineState } from './line';

describe("the agent console's line", () => {
  // [from, event, to]
  const transitions: [LineState, LineEvent, LineState][] = [
    [INITIAL_LINE, { type: 'connect' }, { status: 'connecting', failures: 0 }],
    [{ status: 'connecting', failures: 2 }, { type: 'registered' }, { status: 'online', failures: 0 }],
    [{ status: 'connecting', failures: 0 }, { type: 'lost' }, { status: 'offline', failures: 1 }],
    [{ status: 'online', failures: 0 }, { type: 'lost' }, { status: 'offline', failures: 1 }],
    [{ status: 'connecting', failures: 3 }, { type: 'lost' }, { status: 'offline', failures: 4 }],
    [{ status: 'online', failures: 0 }, { type: 'stop' }, INITIAL_LINE],
  ];
  test.each(transitions)('%j + %j → %j', (from, event, to) => expect(lineReducer(from, event)).toEqual(to));

  test.each([
    [0, 1000], [1, 1000], [2, 2000], [3, 5000], [4, 10_000], [5, 30_000], [50, 30_000],
  ])('after %i failures the line registers again in %i ms', (failures, ms) => expect(retryDelay(failures)).toBe(ms));
});

describe('who calls', () => {
  const known = new Map([[7, 'Smith Anna']]);
  const unnamed = (id: number) => `Traveller #${id}`;
  test.each([
    // A traveller with a chat: the chat's name wins over what their client sent.
    [{ user: 'traveller-7', displayName: 'Someone else' }, { name: 'Smith Anna', type: 'tourist' }],
    [{ user: 'traveller-8', displayName: 'Petrov Ivan' }, { name: 'Petrov Ivan', type: 'tourist' }],
    [{ user: 'traveller-9', displayName: '  ' }, { name: 'Traveller #9', type: 'tourist' }],
    [{ user: 'organizer-3', displayName: 'Nile Tours' }, { name: 'Nile Tours', type: 'organizer' }],
    [{ user: 'support', displayName: '' }, { name: 'support', type: 'support' }],
    [{ user: 'someone', displayName: '' }, { name: 'someone', type: 'tourist' }],
  ])('%j → %j', (caller, shown) => expect(callerOf(caller, known, unnamed)).toEqual(shown));
});

import { nextOffer } from './CallBackOffer';

const offer = (chatId: number, state: 'offered' | 'withdrawn' | 'declined', name = 'Anna (Support)') =>
  ({ chat_id: chatId, state, caller_name: name, caller_type: 'support' as const, organizer_id: null });

describe('nextOffer: the call back showing after an event', () => {
  test.each([
    ['none, an offer: it shows', null, offer(5, 'offered'), offer(5, 'offered')],
    ['one, a newer offer (another chat): the newer shows', offer(5, 'offered'), offer(6, 'offered', 'Ivan'), offer(6, 'offered', 'Ivan')],
    ['one, its withdrawal: none', offer(5, 'offered'), offer(5, 'withdrawn'), null],
    ["one, another chat's withdrawal: it stays", offer(5, 'offered'), offer(6, 'withdrawn'), offer(5, 'offered')],
    ['none, a withdrawal: none', null, offer(5, 'withdrawn'), null],
    ["one, its own decline (from another tab): none", offer(5, 'offered'), offer(5, 'declined', ''), null],
  ])('%s', (_name, current, event, expected) => {
    expect(nextOffer(current, event)).toEqual(expected);
  });
});

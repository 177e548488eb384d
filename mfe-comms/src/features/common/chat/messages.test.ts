import {
  catchUpNext, initialMessages, isReadByOther, pendingLabel, planQueue, QUEUE_OFFLINE_CHECK_MS, reduceMessages, takeQueued, type EchoTest, type MessagesAction,
  type MessagesState, type OutgoingStatus, type QueueWait,
} from './messages';
import { retryDelay } from '@tours/shared/api';

interface M { id: number; client_id?: string | null; text: string; mine?: boolean }
const m = (id: number, text = `m${id}`, extra: Partial<M> = {}): M => ({ id, text, ...extra });
const isEcho: EchoTest<M> = (o, msg) => Boolean(msg.mine) && msg.text === o.text;

function run(actions: MessagesAction<M>[], from: MessagesState<M> = initialMessages<M>()): MessagesState<M> {
  return actions.reduce((s, a) => reduceMessages(s, a, isEcho), from);
}
const ids = (s: MessagesState<M>) => s.items.map((x) => x.id);
const texts = (s: MessagesState<M>) => s.items.map((x) => x.text);
const pending = (s: MessagesState<M>) => s.outgoing.map((o) => `${o.clientId}:${o.status}`);

describe('merging pages and live events by id, in order, without duplicates', () => {
  test.each<[string, MessagesAction<M>[], number[]]>([
    ['a page in any order is sorted', [{ type: 'page', messages: [m(3), m(1), m(2)], since: 0 }], [1, 2, 3]],
    ['an overlapping page adds only what is new', [{ type: 'page', messages: [m(2), m(3)], since: 0 }, { type: 'page', messages: [m(1), m(2)], since: 0 }], [1, 2, 3]],
    ['a live message then the page that holds it', [{ type: 'received', message: m(5) }, { type: 'page', messages: [m(4), m(5)], since: 0 }], [4, 5]],
    ['the same event twice', [{ type: 'received', message: m(5) }, { type: 'received', message: m(5) }], [5]],
    ['an event older than the newest is put in its place', [{ type: 'page', messages: [m(1), m(3)], since: 0 }, { type: 'received', message: m(2) }], [1, 2, 3]],
    ['a deleted message goes', [{ type: 'page', messages: [m(1), m(2)], since: 0 }, { type: 'deleted', id: 1 }], [2]],
    ['a stale page does not bring a deleted message back', [{ type: 'deleted', id: 2 }, { type: 'page', messages: [m(1), m(2), m(3)], since: 0 }], [1, 3]],
    ['a new_message for a deleted id is ignored', [{ type: 'deleted', id: 2 }, { type: 'received', message: m(2) }], []],
    ['an edit of an unknown message is left for its page', [{ type: 'updated', message: m(9) }], []],
  ])('%s', (_name, actions, expected) => expect(ids(run(actions))).toEqual(expected));

  test('edits and moderation replace the message live', () => {
    const s = run([{ type: 'page', messages: [m(1), m(2)], since: 0 }, { type: 'updated', message: m(2, 'edited') }]);
    expect(texts(s)).toEqual(['m1', 'edited']);
  });

  test('a page fetched before an edit does not undo it; one fetched after does update', () => {
    const before = run([{ type: 'page', messages: [m(1)], since: 0 }]);
    const since = before.clock;
    const edited = run([{ type: 'updated', message: m(1, 'edited') }], before);
    expect(texts(run([{ type: 'page', messages: [m(1, 'old copy')], since }], edited))).toEqual(['edited']);
    expect(texts(run([{ type: 'page', messages: [m(1, 'moderated')], since: edited.clock }], edited))).toEqual(['moderated']);
  });

  test('a patch (attachment state) changes the message it names only', () => {
    const s = run([{ type: 'page', messages: [m(1), m(2)], since: 0 }, { type: 'patched', id: 2, patch: (x) => ({ ...x, text: 'patched' }) }, { type: 'patched', id: 7, patch: () => m(7) }]);
    expect(texts(s)).toEqual(['m1', 'patched']);
  });

  test('a short page says there is nothing older', () => {
    expect(run([{ type: 'page', messages: [m(1)], since: 0 }]).hasOlder).toBe(true);
    expect(run([{ type: 'page', messages: [m(1)], since: 0, complete: true }]).hasOlder).toBe(false);
  });
});

/** The queue hands its messages out to be sent. */
const taken = (s: MessagesState<M>) => takeQueued(s)[0];

describe('optimistic outgoing messages, confirmed once', () => {
  const composed = taken(run([{ type: 'page', messages: [m(1)], since: 0 }, { type: 'compose', clientId: 'a', text: 'hi' }]));

  test('shown at once, queued, and sending once handed out', () => {
    expect(pending(run([{ type: 'compose', clientId: 'a', text: 'hi' }]))).toEqual(['a:queued']);
    expect(pending(composed)).toEqual(['a:sending']);
    expect(ids(composed)).toEqual([1]);
  });

  test.each<[string, MessagesAction<M>[]]>([
    ['the answer first, then the event', [{ type: 'sent', clientId: 'a', message: m(2, 'hi', { mine: true }) }, { type: 'received', message: m(2, 'hi', { mine: true }) }]],
    ['the event first, then the answer', [{ type: 'received', message: m(2, 'hi', { mine: true }) }, { type: 'sent', clientId: 'a', message: m(2, 'hi', { mine: true }) }]],
    ['the event with the client id', [{ type: 'received', message: m(2, 'hi', { client_id: 'a' }) }, { type: 'sent', clientId: 'a', message: m(2, 'hi') }]],
    ['a reconnect page with it, then the answer', [{ type: 'page', messages: [m(2, 'hi', { client_id: 'a' })], since: 0 }, { type: 'sent', clientId: 'a', message: m(2, 'hi') }]],
  ])('%s: one copy', (_name, actions) => {
    const s = run(actions, composed);
    expect(ids(s)).toEqual([1, 2]);
    expect(s.outgoing).toEqual([]);
  });

  test('a later answer does not undo what happened live after the event (an attachment loaded meanwhile)', () => {
    const s = run([
      { type: 'received', message: m(2, 'hi', { client_id: 'a' }) },
      { type: 'patched', id: 2, patch: (x) => ({ ...x, text: 'hi (loaded)' }) },
      { type: 'sent', clientId: 'a', message: m(2, 'hi') },
    ], composed);
    expect(texts(s)).toEqual(['m1', 'hi (loaded)']);
    expect(s.outgoing).toEqual([]);
  });

  test('the other side’s message with the same text does not confirm ours', () => {
    const s = run([{ type: 'received', message: m(2, 'hi') }], composed);
    expect(ids(s)).toEqual([1, 2]);
    expect(pending(s)).toEqual(['a:sending']);
  });

  test('two identical messages in flight are confirmed one each', () => {
    const s = run([{ type: 'received', message: m(2, 'hi', { mine: true }) }], taken(run([{ type: 'compose', clientId: 'b', text: 'hi' }], composed)));
    expect(pending(s)).toEqual(['b:sending']);
    expect(pending(run([{ type: 'sent', clientId: 'b', message: m(3, 'hi', { mine: true }) }], s))).toEqual([]);
  });

  test('composing the same client id twice keeps one', () => {
    expect(pending(run([{ type: 'compose', clientId: 'a', text: 'hi' }], composed))).toEqual(['a:sending']);
  });

  test.each<[string, MessagesAction<M>[], string[]]>([
    ['a refusal waits for the traveller', [{ type: 'send-failed', clientId: 'a', retryable: false }], ['a:failed']],
    ['no answer puts it back in the queue', [{ type: 'send-failed', clientId: 'a', retryable: true }], ['a:queued']],
    ['retry puts it back in the queue', [{ type: 'send-failed', clientId: 'a', retryable: false }, { type: 'retry', clientId: 'a' }], ['a:queued']],
    ['requeue puts one handed out but not sent back', [{ type: 'requeue', clientId: 'a' }], ['a:queued']],
    ['requeue of a failed one does nothing', [{ type: 'send-failed', clientId: 'a', retryable: false }, { type: 'requeue', clientId: 'a' }], ['a:failed']],
    ['retry of one not failed does nothing', [{ type: 'retry', clientId: 'a' }], ['a:sending']],
    ['discard drops a failed one', [{ type: 'send-failed', clientId: 'a', retryable: false }, { type: 'discard', clientId: 'a' }], []],
    ['discard keeps one in flight', [{ type: 'discard', clientId: 'a' }], ['a:sending']],
    ['a late failure after the confirmation is ignored', [{ type: 'sent', clientId: 'a', message: m(2, 'hi') }, { type: 'send-failed', clientId: 'a', retryable: true }], []],
  ])('%s', (_name, actions, expected) => expect(pending(run(actions, composed))).toEqual(expected));
});

describe('offline queue, sent once when the connection comes back', () => {
  const offline = run([
    { type: 'compose', clientId: 'a', text: 'one' },
    { type: 'compose', clientId: 'b', text: 'two' },
  ]);

  test('queued while offline, handed out once in order', () => {
    expect(pending(offline)).toEqual(['a:queued', 'b:queued']);
    const [after, toSend] = takeQueued(offline);
    expect(toSend.map((o) => o.clientId)).toEqual(['a', 'b']);
    expect(pending(after)).toEqual(['a:sending', 'b:sending']);
    const [again, none] = takeQueued(after);
    expect(none).toEqual([]);
    expect(again).toBe(after);
  });

  test('a queued message is not taken for the echo of another', () => {
    const s = run([{ type: 'received', message: m(5, 'one', { mine: true }) }], offline);
    expect(pending(s)).toEqual(['a:queued', 'b:queued']);
  });

  test('a message the server got before the drop is recognised on the catch-up page and not sent again', () => {
    const s = run([{ type: 'page', messages: [m(5, 'one', { client_id: 'a' })], since: 0 }], offline);
    const [, toSend] = takeQueued(s);
    expect(toSend.map((o) => o.clientId)).toEqual(['b']);
  });
});

describe('reconnect: fetch what was missed since the last known message', () => {
  test.each<[string, number[], boolean, number | null]>([
    ['newer ones remain: ask after the newest of the page', [4, 5, 6], true, 6],
    ['caught up', [4, 5], false, null],
    ['an empty page is the end', [], true, null],
  ])('%s', (_name, page, hasMore, next) => expect(catchUpNext(page.map((id) => m(id)), hasMore)).toBe(next));

  test('the missed pages merge with no gap and no duplicate', () => {
    const before = run([{ type: 'page', messages: [m(1), m(2), m(3)], since: 0 }]);
    expect(before.syncedTo).toBe(3);
    // A live event arrived just as the connection came back; the catch-up pages overlap it and what was known.
    const after = run([
      { type: 'received', message: m(7) },
      { type: 'page', messages: [m(4), m(5), m(6)], since: before.clock },
      { type: 'page', messages: [m(7)], since: before.clock },
    ], before);
    expect(ids(after)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('where a catch-up starts: nothing is missing up to syncedTo', () => {
  const mine = (id: number) => m(id, `m${id}`, { client_id: `c${id}` });
  test.each<[string, MessagesAction<M>[], number]>([
    ['nothing loaded', [], 0],
    ['the newest page: its newest', [{ type: 'page', messages: [m(3), m(2), m(1)], since: 0 }], 3],
    ['an older page after it: unchanged', [{ type: 'page', messages: [m(5), m(4)], since: 0 }, { type: 'page', messages: [m(3), m(2)], since: 0 }], 5],
    ['a catch-up page: its newest', [{ type: 'page', messages: [m(3)], since: 0 }, { type: 'page', messages: [m(4), m(5)], since: 0 }], 5],
    ['an event while in sync: its id', [{ type: 'page', messages: [m(3)], since: 0 }, { type: 'received', message: m(4), synced: true }], 4],
    ['an event while a catch-up runs or is due: unchanged', [{ type: 'page', messages: [m(3)], since: 0 }, { type: 'received', message: m(7) }], 3],
    ['an older event while in sync: unchanged', [{ type: 'page', messages: [m(3)], since: 0 }, { type: 'received', message: m(2), synced: true }], 3],
    // Issue 29: sent while the socket was down, stored after what the other side wrote meanwhile; only a page brings those.
    ['a send answered: unchanged', [{ type: 'page', messages: [m(5)], since: 0 }, { type: 'compose', clientId: 'c8', text: 'm8' }, { type: 'sent', clientId: 'c8', message: mine(8) }], 5],
    ['a deleted message in a page still counts', [{ type: 'deleted', id: 4 }, { type: 'page', messages: [m(3), m(4)], since: 0 }], 4],
  ])('%s', (_name, actions, syncedTo) => expect(run(actions).syncedTo).toBe(syncedTo));
});

describe('read marks', () => {
  const s = run([{ type: 'page', messages: [m(1), m(2), m(3)], since: 0 }]);
  test.each<[string, MessagesAction<M>[], number]>([
    ['chat_is_read without an id marks everything shown', [{ type: 'read' }], 3],
    ['up to an id', [{ type: 'read', upTo: 2 }], 2],
    ['never backwards', [{ type: 'read', upTo: 3 }, { type: 'read', upTo: 1 }], 3],
  ])('%s', (_name, actions, upTo) => expect(run(actions, s).readUpTo).toBe(upTo));

  test('a message is read by the other side by its flag or by the read mark', () => {
    const read = run([{ type: 'read', upTo: 2 }], s);
    expect([1, 2, 3].map((id) => isReadByOther(read, m(id)))).toEqual([true, true, false]);
    expect(isReadByOther(read, m(3), true)).toBe(true);
  });
});

describe('when the queue goes next (issue 29: a message written in a network blip waited for a socket drop)', () => {
  const plan = (queued: number, failures: number, connected: boolean) => planQueue({ queued, failures, connected, retryDelay });
  test.each<[string, number, number, boolean, QueueWait, number | null]>([
    ['nothing queued: no timer', 0, 0, true, null, null],
    ['nothing queued, after failures: no timer', 0, 3, true, null, null],
    ['written while online: now', 1, 0, true, null, 0],
    ['several written: now, in order', 3, 0, true, null, 0],
    ['no connection (the browser offline, or the socket down): its return, and a try every 30 s meanwhile', 1, 0, false, 'network', QUEUE_OFFLINE_CHECK_MS],
    ['no connection after failures: the same', 2, 4, false, 'network', 30_000],
    ['one send without an answer: again in 2 s', 1, 1, true, 'retry', 2_000],
    ['two in a row: 4 s', 1, 2, true, 'retry', 4_000],
    ['three: 8 s', 1, 3, true, 'retry', 8_000],
    ['four: 16 s', 1, 4, true, 'retry', 16_000],
    ['five and more: every 30 s', 1, 5, true, 'retry', 30_000],
    ['twenty: still every 30 s', 1, 20, true, 'retry', 30_000],
  ])('%s', (_name, queued, failures, online, wait, delayMs) => expect(plan(queued, failures, online)).toEqual({ wait, delayMs }));

  test.each<[OutgoingStatus, QueueWait, string]>([
    ['sending', null, 'sending'],
    ['sending', 'network', 'sending'],
    ['queued', null, 'sending'],
    ['queued', 'network', 'queued'],
    ['queued', 'retry', 'retrying'],
    ['failed', 'retry', 'failed'],
    ['failed', null, 'failed'],
  ])('a %s message while the queue waits for %s says %s', (status, wait, label) => expect(pendingLabel(status, wait)).toBe(label));
});

import { ATTACHMENT_STATUS as S, attachmentStatusName, canMove, isAttachmentStatus, isSettled, moveAttachment, type AttachmentStatus } from './attachments';

describe('attachment states WAITING(0) → LOADING(1) → FAILED(2) / SUCCESS(3) (§3, §4)', () => {
  test('the numbers are the API’s', () => expect(S).toEqual({ WAITING: 0, LOADING: 1, FAILED: 2, SUCCESS: 3 }));

  test.each<[AttachmentStatus, AttachmentStatus, AttachmentStatus]>([
    [S.WAITING, S.LOADING, S.LOADING],
    [S.LOADING, S.SUCCESS, S.SUCCESS],
    [S.LOADING, S.FAILED, S.FAILED],
    [S.WAITING, S.SUCCESS, S.SUCCESS],
    [S.WAITING, S.FAILED, S.FAILED],
    [S.FAILED, S.WAITING, S.WAITING],
    [S.FAILED, S.LOADING, S.LOADING],
    // A late or repeated event never takes a finished attachment back.
    [S.SUCCESS, S.LOADING, S.SUCCESS],
    [S.SUCCESS, S.FAILED, S.SUCCESS],
    [S.SUCCESS, S.WAITING, S.SUCCESS],
    [S.LOADING, S.WAITING, S.LOADING],
    [S.LOADING, S.LOADING, S.LOADING],
    [S.FAILED, S.SUCCESS, S.FAILED],
  ])('%p → %p gives %p', (from, to, result) => {
    expect(moveAttachment(from, to)).toBe(result);
    expect(canMove(from, to)).toBe(result === to && from !== to);
  });

  test.each([[0, true], [3, true], [4, false], ['1', false], [null, false]])('isAttachmentStatus(%p) is %p', (v, ok) => expect(isAttachmentStatus(v)).toBe(ok));
  test.each<[AttachmentStatus, string, boolean]>([[0, 'WAITING', false], [1, 'LOADING', false], [2, 'FAILED', true], [3, 'SUCCESS', true]])('%p is %s, settled %p', (s, name, settled) => {
    expect(attachmentStatusName(s)).toBe(name);
    expect(isSettled(s)).toBe(settled);
  });
});

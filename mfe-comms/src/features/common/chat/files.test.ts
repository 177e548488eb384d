import { downloadFile } from './files';

// jsdom has no fetch Response: the little of it downloadFile reads.
const answer = (status: number) => ({ ok: status < 400, status, blob: async () => new Blob(['%PDF']) });

describe('opening a private attachment: fetched with the reader’s token, downloaded under its name', () => {
  const created: string[] = [];
  beforeAll(() => {
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: () => (created.push('blob:1'), 'blob:1'), revokeObjectURL: () => undefined });
  });

  test('sends the token and clicks a download link', async () => {
    const fetch = jest.fn(async () => answer(200));
    const clicked: Array<{ href: string; download: string }> = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download });
    });
    await downloadFile('/media/uploads/abc.pdf', 'ticket.pdf', 'tok-1234567890abcdef', { fetch: fetch as unknown as typeof globalThis.fetch });
    expect(fetch).toHaveBeenCalledWith('/media/uploads/abc.pdf', { headers: { 'X-Authorization': 'Bearer tok-1234567890abcdef' } });
    expect(clicked).toEqual([{ href: 'blob:1', download: 'ticket.pdf' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    click.mockRestore();
  });

  test.each([401, 404, 500])('an answer %i is an error (the screen says the file could not be opened)', async (status) => {
    const fetch = jest.fn(async () => answer(status));
    await expect(downloadFile('/x', 'x.pdf', 't', { fetch: fetch as unknown as typeof globalThis.fetch })).rejects.toThrow(String(status));
  });
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import { create } from 'superstruct';
import { ApiError, sessionAtom } from '@tours/shared/core';
import { UPLOAD_MAX_BYTES, UpdateProfilePhotoAnswer, UploadAnswer } from '@tours/shared/api';
import type { FakeRoutes } from '@tours/shared/src/testing';
import { user } from './test-fixtures';
import { flush, openSettings } from './test-utils';

const photo = () => within(screen.getByRole('group', { name: 'Photo' }));
const input = () => screen.getByTestId('photo-input') as HTMLInputElement;
const NEW_URL = `/media/uploads/${'a'.repeat(32)}.png`;
const OLD_URL = `/media/uploads/${'b'.repeat(32)}.jpg`;

/** A picked file: its type as the browser says, its size as given (no bytes are read here). */
function picked(type = 'image/png', size = 2048, name = 'me.png'): File {
  const file = new File([new Uint8Array(16)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
const choose = (file: File) => fireEvent.change(input(), { target: { files: [file] } });

function open(routes: FakeRoutes = {}, avatar: string | null = null) {
  return openSettings(
    {
      'POST /crm/api/image/upload': () => create({ id: 7, url: NEW_URL, mime: 'image/png', size: 2048 }, UploadAnswer),
      'POST /crm/api/user/update-profile-photo': () => create({ success: true, user: user({ avatar_url: NEW_URL }) }, UpdateProfilePhotoAnswer),
      ...routes,
    },
    { avatar_url: avatar },
  );
}

describe('profile photo', () => {
  test('no photo yet: the initials in its place, named; the button says what it takes', async () => {
    await open();
    expect(photo().getByRole('img', { name: 'No photo yet' })).toHaveTextContent('AI');
    const button = photo().getByRole('button', { name: 'Change photo' });
    expect(button).toHaveAccessibleDescription('JPEG, PNG, WebP or GIF, up to 5 MB');
    // The picker takes pictures only and is not a second stop in the tab order.
    expect(input()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    expect(input()).toHaveAttribute('tabindex', '-1');
    const click = jest.spyOn(input(), 'click').mockImplementation(() => undefined);
    fireEvent.click(button);
    expect(click).toHaveBeenCalledTimes(1);
  });

  test('the saved photo, with its alt text', async () => {
    await open({}, OLD_URL);
    expect(photo().getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', OLD_URL);
  });

  test('upload, then update-profile-photo: progress announced, the new photo shown, the session follows', async () => {
    let finish: () => void = () => undefined;
    const uploaded = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const t = await open({
      'POST /crm/api/image/upload': async () => {
        await uploaded;
        return create({ id: 7, url: NEW_URL, mime: 'image/png', size: 2048 }, UploadAnswer);
      },
    });
    const file = picked();
    choose(file);
    await flush();
    expect(photo().getByRole('status')).toHaveTextContent('Uploading your photo…');
    expect(photo().getByRole('button', { name: 'Change photo' })).toBeDisabled();
    await act(async () => finish());
    await flush();
    const upload = t.calls.find((c) => c.path === '/crm/api/image/upload')!;
    expect(upload.body).toBeInstanceOf(FormData);
    const form = upload.body as FormData;
    expect(form.get('bucket')).toBe('avatars');
    expect((form.get('image') as File).name).toBe('me.png');
    expect(t.calls.find((c) => c.path === '/crm/api/user/update-profile-photo')?.body).toEqual({ avatar_id: 7 });
    expect(photo().getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', NEW_URL);
    expect(photo().getByRole('status')).toHaveTextContent('Your photo has been updated');
    expect(photo().queryByRole('alert')).not.toBeInTheDocument();
    expect((t.store.get(sessionAtom)?.profile as { avatar_url?: string }).avatar_url).toBe(NEW_URL);
  });

  test.each([
    ['an SVG', picked('image/svg+xml', 100, 'me.svg'), 'Choose a JPEG, PNG, WebP or GIF picture'],
    ['a PDF', picked('application/pdf', 100, 'cv.pdf'), 'Choose a JPEG, PNG, WebP or GIF picture'],
    ['a file of no known type', picked('', 100, 'me'), 'Choose a JPEG, PNG, WebP or GIF picture'],
    ['a picture over 5 MB', picked('image/jpeg', UPLOAD_MAX_BYTES.image + 1, 'big.jpg'), 'The picture is larger than 5 MB'],
    ['an empty file', picked('image/png', 0), 'The file is empty'],
  ])('%s is refused before anything is sent', async (_label, file, message) => {
    const t = await open();
    choose(file);
    await flush();
    expect(photo().getByRole('alert')).toHaveTextContent(message);
    expect(photo().getByRole('button', { name: 'Change photo' })).toHaveAccessibleDescription(`JPEG, PNG, WebP or GIF, up to 5 MB ${message}`);
    expect(t.calls.some((c) => c.path === '/crm/api/image/upload')).toBe(false);
    expect(photo().getByRole('img', { name: 'No photo yet' })).toBeInTheDocument();
  });

  test.each([
    ['the file refused by the API', new ApiError(422, '/crm/api/image/upload', 'The image must be a JPEG, PNG, WebP or GIF file', { image: 'The image must be a JPEG, PNG, WebP or GIF file' }), 'The image must be a JPEG, PNG, WebP or GIF file'],
    ['a body refused for its size on the way (413)', new ApiError(413, '/crm/api/image/upload', 'Payload too large'), 'The picture is too large to upload.'],
    ['no connection', new ApiError(0, '/crm/api/image/upload', 'Network error'), 'The photo could not be uploaded. Please try again.'],
  ])('%s: an alert, the photo as it was, no update-profile-photo', async (_label, error, message) => {
    const t = await open({ 'POST /crm/api/image/upload': () => error }, OLD_URL);
    choose(picked());
    await flush();
    expect(photo().getByRole('alert')).toHaveTextContent(message);
    expect(photo().getByRole('status')).toBeEmptyDOMElement();
    expect(photo().getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', OLD_URL);
    expect(t.calls.some((c) => c.path === '/crm/api/user/update-profile-photo')).toBe(false);
    // Another try may follow.
    expect(photo().getByRole('button', { name: 'Change photo' })).toBeEnabled();
  });

  test('update-profile-photo refused: its field error as the alert', async () => {
    await open({ 'POST /crm/api/user/update-profile-photo': () => new ApiError(422, '/crm/api/user/update-profile-photo', 'Not an image you uploaded', { avatar_id: 'Not an image you uploaded' }) });
    choose(picked());
    await flush();
    expect(photo().getByRole('alert')).toHaveTextContent('Not an image you uploaded');
  });

  test('a token the server no longer knows (401) ends the session', async () => {
    const t = await open({ 'POST /crm/api/image/upload': () => new ApiError(401, '/crm/api/image/upload', 'Unauthorized') });
    choose(picked());
    await flush();
    expect(t.store.get(sessionAtom)).toBeNull();
    expect(t.toast).toHaveBeenCalledWith({ kind: 'error', messageId: 'account.settings.sessionOver' });
  });
});

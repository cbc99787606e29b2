import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../api/request';
import { loadAllTexts } from '../../../i18n/i18n';
import { getSession, setSession, type Session } from '../../../store/session';
import { renderWithProviders } from '../../../test/renderWithProviders';
import AvatarUploadDemo from './index';

const api = vi.hoisted(() => ({ uploadAvatar: vi.fn() }));
vi.mock('../../../api/system/profile', () => api);

// jsdom neither decodes images nor draws on canvases: the picked image "loads" and the crop is a fixed PNG.
class LoadedImage {
  width = 400;
  height = 300;
  onload: (() => void) | null = null;
  set src(_value: string) {
    setTimeout(() => this.onload?.());
  }
}
const cropped = new Blob(['png'], { type: 'image/png' });

beforeAll(async () => {
  await loadAllTexts();
});
beforeEach(() => {
  vi.stubGlobal('Image', LoadedImage);
  URL.createObjectURL = vi.fn(() => 'blob:picked');
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ clearRect: vi.fn(), drawImage: vi.fn() } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(cropped));
  setSession({ user: { userId: 1, userName: 'admin', nickName: 'Admin', avatar: '' }, roles: ['admin'], permissions: ['*:*:*'], isAdmin: true, routers: [] } as unknown as Session);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  api.uploadAvatar.mockReset();
});

async function pickAndUpload() {
  renderWithProviders(<AvatarUploadDemo />);
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] } });
  await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  const button = screen.getByTestId('avatar-crop-upload');
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
}

describe('avatar upload demo', () => {
  it('sends the crop to the profile avatar path and shows the image the server kept', async () => {
    api.uploadAvatar.mockResolvedValue({ imgUrl: '/profile/avatar/abc.png' });
    await pickAndUpload();
    await screen.findByText("Avatar uploaded: it is now your account's avatar");
    expect(api.uploadAvatar).toHaveBeenCalledWith(cropped, 'avatar.png');
    const shown = screen.getByTestId('avatar-uploaded');
    expect(shown.getAttribute('data-src')).toBe('/profile/avatar/abc.png');
    expect(shown.querySelector('img')!.getAttribute('src')).toBe('/dev-api/profile/avatar/abc.png');
    // The session's user and getInfo's top-level avatar, which the top bar shows, follow together.
    expect(getSession()).toMatchObject({ avatar: '/profile/avatar/abc.png', user: { avatar: '/profile/avatar/abc.png' } });
  });

  it("says why when the server refuses, and shows no image", async () => {
    api.uploadAvatar.mockRejectedValue(new RequestError('Bad request', 400, { avatarfile: 'The file is not an image' }));
    await pickAndUpload();
    await screen.findByText('The avatar could not be uploaded: The file is not an image');
    expect(screen.getByTestId('avatar-uploaded').querySelector('img')).toBeNull();
    expect(getSession()!.user.avatar).toBe('');
  });
});

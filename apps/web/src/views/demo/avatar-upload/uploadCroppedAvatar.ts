import { RequestError } from '../../../api/request';
import { uploadAvatar } from '../../../api/system/profile';
import { queryClient } from '../../../app/queryClient';
import { patchSessionUser } from '../../../store/session';
import { PROFILE_KEY } from '../../system/user/profile/useProfileController';

export type AvatarUploadResult = { ok: true; imgUrl: string } | { ok: false; reason: string; shown: boolean };

const toBlob = (canvas: HTMLCanvasElement) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));

/**
 * Sends the cropped canvas as a PNG to the profile's avatar path (POST /system/user/profile/avatar),
 * which makes it the signed-in user's avatar; the session and the profile page follow, as after an
 * upload on the profile page.
 * A refusal comes back with the server's reason, or `shown` when the request client already told the user.
 */
export async function uploadCroppedAvatar(canvas: HTMLCanvasElement): Promise<AvatarUploadResult> {
  const blob = await toBlob(canvas);
  if (!blob) return { ok: false, reason: '', shown: false };
  try {
    const { imgUrl } = await uploadAvatar(blob, 'avatar.png');
    patchSessionUser({ avatar: imgUrl });
    void queryClient.invalidateQueries({ queryKey: [PROFILE_KEY] });
    return { ok: true, imgUrl };
  } catch (error) {
    if (!(error instanceof RequestError)) return { ok: false, reason: '', shown: false };
    return { ok: false, reason: Object.values(error.errors ?? {})[0] ?? error.message, shown: error.shown };
  }
}

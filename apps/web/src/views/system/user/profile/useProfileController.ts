import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailBody, ConfirmEmailBody, UpdateProfileBody } from '@orbit/shared/contract/user';
import { normaliseEmail } from '@orbit/shared/patterns';
import { confirmEmailChange, getProfile, requestEmailChange, updatePassword, updateProfile, uploadAvatar } from '../../../../api/system/profile';
import { patchSessionUser } from '../../../../store/session';

export const PROFILE_KEY = 'system-profile';

/** The signed-in user's own page: details, edits, password and avatar; the session follows the changes. */
export function useProfileController() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: [PROFILE_KEY], queryFn: getProfile });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [PROFILE_KEY] });

  return {
    profile: query.data?.data,
    roleGroup: query.data?.roleGroup ?? '',
    displayCurrencies: query.data?.displayCurrencies ?? [],
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: () => void query.refetch(),
    saveDetails: async (values: UpdateProfileBody) => {
      const currencyChanged = values.displayCurrency !== undefined && values.displayCurrency !== (query.data?.data.displayCurrency ?? null);
      await updateProfile(values);
      patchSessionUser({ nickName: values.nickName, phonenumber: values.phonenumber, sex: values.sex, ...(values.introduction !== undefined && { introduction: values.introduction }) });
      // Totals fetched before are in the currency read before: every cached answer is fetched again.
      if (currencyChanged) await queryClient.invalidateQueries();
      else await refresh();
    },
    requestEmailChange: (values: ChangeEmailBody) => requestEmailChange(values),
    confirmEmailChange: async (values: ConfirmEmailBody) => {
      await confirmEmailChange(values);
      patchSessionUser({ email: normaliseEmail(values.email) });
      await refresh();
    },
    changePassword: (oldPassword: string, newPassword: string) => updatePassword(oldPassword, newPassword),
    changeAvatar: async (file: File) => {
      const { imgUrl } = await uploadAvatar(file, file.name);
      patchSessionUser({ avatar: imgUrl });
      await refresh();
      return imgUrl;
    },
  };
}

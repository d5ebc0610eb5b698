/** Issue 30: being written. */
export function PrivacySettingsPage() {
  return null;
}

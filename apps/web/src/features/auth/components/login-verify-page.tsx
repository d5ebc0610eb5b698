/** Issue 30: being written. */
export function LoginVerifyPage() {
  return null;
}

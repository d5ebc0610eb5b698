/** Issue 30: being written. */
export function SecurityPage() {
  return null;
}

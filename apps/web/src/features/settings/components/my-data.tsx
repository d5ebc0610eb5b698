/** Issue 30: being written (the privacy page's download and delete). */
export function MyDataSection() {
  return null;
}

/** Issue 30: being written. */
export function AuditPage() {
  return null;
}

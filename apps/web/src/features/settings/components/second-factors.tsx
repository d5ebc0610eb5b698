/** Issue 30: being written (the security page's second factors). */
export function SecondFactorsSection() {
  return null;
}

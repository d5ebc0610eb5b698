/** A whole-number command-line flag of a benchmark, refused with its name when out of range. */
export function integerFlag(name: string, value: string | undefined, min: number, max: number) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

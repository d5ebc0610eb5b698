import { describe, expect, it } from 'vitest';
import { countCsvRows } from './count-rows';

describe('countCsvRows', () => {
  it('counts the records after the header', () => {
    expect(countCsvRows('fullName,email\nA,a@x.io\nB,b@x.io\n')).toBe(2);
    expect(countCsvRows('fullName,email\r\nA,a@x.io\r\n\r\nB,b@x.io')).toBe(2);
  });
  it('keeps a quoted line break inside its record', () => {
    expect(countCsvRows('fullName,email\n"Line\nbreak",a@x.io\n')).toBe(1);
  });
  it('knows a header alone and an empty file', () => {
    expect(countCsvRows('fullName,email\n')).toBe(0);
    expect(countCsvRows('')).toBeNull();
    expect(countCsvRows('\n  \n')).toBeNull();
  });
});

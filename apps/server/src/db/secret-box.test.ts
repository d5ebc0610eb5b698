import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build';
import { openSecret, sealSecret } from './secret-box';

describe('secret box', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('opens what it sealed, for the same purpose only', async () => {
    const sealed = await sealSecret(t.app.db, 'totp', 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await openSecret(t.app.db, 'totp', sealed)).toBe('JBSWY3DPEHPK3PXP');
    await expect(openSecret(t.app.db, 'oidc', sealed)).rejects.toThrow();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    await expect(
      openSecret(t.app.db, 'totp', [version, iv, tag, flipped].join('.')),
    ).rejects.toThrow();
  });
});

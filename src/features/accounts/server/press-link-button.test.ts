import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { pressLinkButton } from './accounts-service';

const link = { userId: 'user_1', signupId: 'signup_1', code: '123456' };
const failingWith = (err: unknown) => async () => {
  throw err;
};

// The link page's button when the confirmation cannot be checked now: the visitor is asked to
// press again later (the code still works), not told the link is bad.
describe('the confirm button of the mailed link', () => {
  it('asks to try again later when the database cannot be reached or is busy', async () => {
    expect(
      await pressLinkButton(failingWith(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })), link, {
        ip: '192.0.2.1',
      }),
    ).toBe('retry');
    expect(await pressLinkButton(failingWith(new AppError('unavailable')), link, { ip: '192.0.2.1' })).toBe('retry');
    expect(await pressLinkButton(failingWith(new AppError('rate_limited')), link, { ip: '192.0.2.1' })).toBe('retry');
  });

  it('lets any other failure through, as the server error it is', async () => {
    const bug = new TypeError('undefined is not a function');
    await expect(pressLinkButton(failingWith(bug), link, { ip: '192.0.2.1' })).rejects.toBe(bug);
    await expect(pressLinkButton(failingWith(new AppError('internal')), link, { ip: '192.0.2.1' })).rejects.toMatchObject({
      code: 'internal',
    });
  });
});

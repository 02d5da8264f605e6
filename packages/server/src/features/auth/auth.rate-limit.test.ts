import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  FAILED_LOGINS_PER_ACCOUNT,
  FAILED_LOGINS_PER_ADDRESS,
  MAILS_PER_ACCOUNT,
  MAILS_PER_ADDRESS_PER_HOUR,
  PER_IP_PER_MINUTE,
} from './auth.limits.ts';
import { fromNewIp, uniqueEmail } from './auth.test-helpers.ts';

describe('auth rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const attempt = (
    url: string,
    payload: object,
    client: { remoteAddress: string },
    headers: Record<string, string> = {},
  ) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, ...client });

  it(`answers the sign-in after ${FAILED_LOGINS_PER_ADDRESS} failed ones in a minute from one address with 429 and Retry-After`, async () => {
    const sameIp = { remoteAddress: '192.0.2.10' };
    for (let i = 0; i < FAILED_LOGINS_PER_ADDRESS; i += 1) {
      const response = await attempt(
        '/auth/login',
        { email: uniqueEmail(), password: 'wrong password' },
        sameIp,
      );
      expect(response.statusCode).toBe(401);
    }
    const limited = await attempt(
      '/auth/login',
      { email: uniqueEmail(), password: 'wrong password' },
      sameIp,
      { 'accept-language': 'ar' },
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'محاولات كثيرة جدًا. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
    });
    // Another address is not affected.
    const user = await createUser(t);
    const other = await attempt('/auth/login', { email: user.email, password: user.password }, fromNewIp());
    expect(other.statusCode).toBe(200);
  });

  it('lets a class behind one address sign in at once: only failed sign-ins count toward the address', async () => {
    // A workshop on a campus network reaches the server from one address; it used to let 30 sign-ins
    // a minute through, failed or not, and the rest of the room waited a minute.
    const campus = { remoteAddress: '192.0.2.20' };
    const learners = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    for (let round = 0; round < 8; round += 1)
      for (const learner of learners)
        expect(
          (await attempt('/auth/login', { email: learner.email, password: learner.password }, campus))
            .statusCode,
        ).toBe(200);
    // 40 in, then the failures still count: the address gets its allowance of wrong tries, no more.
    for (let i = 0; i < FAILED_LOGINS_PER_ADDRESS; i += 1)
      expect(
        (await attempt('/auth/login', { email: uniqueEmail(), password: 'wrong password' }, campus))
          .statusCode,
      ).toBe(401);
    expect(
      (await attempt('/auth/login', { email: learners[0]!.email, password: learners[0]!.password }, campus))
        .statusCode,
    ).toBe(429);
  });

  it(`locks an account after ${FAILED_LOGINS_PER_ACCOUNT} failed logins from many addresses, even for the right password`, async () => {
    const victim = await createUser(t);
    const bystander = await createUser(t);
    // Successful sign-ins do not count against the account.
    for (let i = 0; i < FAILED_LOGINS_PER_ACCOUNT + 2; i += 1)
      expect(
        (await attempt('/auth/login', { email: bystander.email, password: bystander.password }, fromNewIp()))
          .statusCode,
      ).toBe(200);

    for (let i = 0; i < FAILED_LOGINS_PER_ACCOUNT; i += 1) {
      const url = i % 2 ? '/auth/login' : '/auth/login-admin';
      const response = await attempt(url, { email: victim.email, password: `guess ${i}` }, fromNewIp());
      expect(response.statusCode).toBe(401);
    }
    const locked = await attempt(
      '/auth/login',
      { email: victim.email, password: victim.password },
      fromNewIp(),
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(
      (await attempt('/auth/login', { email: bystander.email, password: bystander.password }, fromNewIp()))
        .statusCode,
    ).toBe(200);
  });

  it('holds both limits for sign-ins sent at once: no more passwords are tried than the allowance', async () => {
    // The stored count was read before each password was checked and counted after: 200 wrong
    // passwords sent at once were all tried (an audit), against an allowance of 10 per account.
    const statuses = (answers: { statusCode: number }[]) =>
      answers.map((answer) => answer.statusCode).sort((a, b) => a - b);
    const victim = await createUser(t);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        attempt('/auth/login', { email: victim.email, password: `guess ${i}` }, fromNewIp()),
      ),
    );
    expect(statuses(guesses)).toEqual([
      ...Array<number>(FAILED_LOGINS_PER_ACCOUNT).fill(401),
      ...Array<number>(30 - FAILED_LOGINS_PER_ACCOUNT).fill(429),
    ]);

    const oneAddress = { remoteAddress: '192.0.2.30' };
    const sprayed = await Promise.all(
      Array.from({ length: FAILED_LOGINS_PER_ADDRESS + 15 }, () =>
        attempt('/auth/login', { email: uniqueEmail(), password: 'wrong password' }, oneAddress),
      ),
    );
    expect(statuses(sprayed)).toEqual([
      ...Array<number>(FAILED_LOGINS_PER_ADDRESS).fill(401),
      ...Array<number>(15).fill(429),
    ]);
  });

  it('lets a class sign in at once from one address, more of them than the failure allowance', async () => {
    // Beyond the allowance, sign-ins wait for the outcome of those before them; they are not refused.
    const campus = { remoteAddress: '192.0.2.40' };
    const learners = await Promise.all(
      Array.from({ length: FAILED_LOGINS_PER_ADDRESS + 10 }, () => createUser(t)),
    );
    const answers = await Promise.all(
      learners.map((learner) =>
        attempt('/auth/login', { email: learner.email, password: learner.password }, campus),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(learners.map(() => 200));
  });

  it(`sends at most ${MAILS_PER_ACCOUNT} reset codes to one address per minute`, async () => {
    const email = uniqueEmail();
    for (let i = 0; i < MAILS_PER_ACCOUNT; i += 1)
      expect((await attempt('/auth/forgotpassword', { email }, fromNewIp())).statusCode).toBe(200);
    const limited = await attempt('/auth/forgotpassword', { email }, fromNewIp());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it(`asks at most ${MAILS_PER_ADDRESS_PER_HOUR} mails of any kind for one address an hour`, async () => {
    const email = uniqueEmail();
    const forgot = () => attempt('/auth/forgotpassword', { email }, fromNewIp());
    const resend = () => attempt('/auth/resend-verification', { email }, fromNewIp());
    // Only the clock the limits read moves: a minute's allowance comes back, the hour's does not.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const asked: number[] = [];
      for (let minute = 0; asked.length < MAILS_PER_ADDRESS_PER_HOUR; minute += 1) {
        vi.setSystemTime(Date.now() + 61_000);
        for (let i = 0; i < MAILS_PER_ACCOUNT && asked.length < MAILS_PER_ADDRESS_PER_HOUR; i += 1)
          asked.push((await (minute % 2 ? resend() : forgot())).statusCode);
      }
      expect(asked).toEqual(asked.map(() => 200));
      vi.setSystemTime(Date.now() + 61_000);
      expect((await forgot()).statusCode).toBe(429);
      expect((await resend()).statusCode).toBe(429);
      // An hour later the address can be mailed again.
      vi.setSystemTime(Date.now() + 3_600_000);
      expect((await forgot()).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it(`limits signups from one address to ${PER_IP_PER_MINUTE.signup} a minute`, async () => {
    const sameIp = { remoteAddress: '192.0.2.20' };
    const body = { firstname: 'A', lastname: 'B', password: 'x', passwordConfirm: 'y', role: 'EndUser' };
    // Invalid bodies are cheap and still count: the limit runs before validation.
    for (let i = 0; i < PER_IP_PER_MINUTE.signup; i += 1)
      expect((await attempt('/auth/signup', { ...body, email: uniqueEmail() }, sameIp)).statusCode).toBe(400);
    expect((await attempt('/auth/signup', { ...body, email: uniqueEmail() }, sameIp)).statusCode).toBe(429);
  });
});

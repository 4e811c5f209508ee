import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_REQUESTS_PER_HOUR } from "@/server/accounts/limits";
import { tokenHash } from "@/server/accounts/mail-tokens";
import { sendResetLink } from "@/server/accounts/recovery";
import type { SessionUser } from "@/server/auth/session";
import { signIn } from "@/server/auth/sign-in";
import { setMailer, smtpMailer } from "@/server/mail";
import { appRouter } from "@/server/routers/_app";
import { createCallerFactory } from "@/server/trpc";
import { contextFor, newPlayer, testDb, uniqueName } from "./helpers";
import { linkToken, startSmtp } from "./smtp";

// Email addresses, verified by a link, used only for password resets; mail goes through a real
// SMTP exchange with a local server.

const db = testDb();
const smtp = await startSmtp();
const ORIGIN = "http://machiavelox.test";
const mailer = smtpMailer(ORIGIN, smtp.url, "Machiavelox <robot@machiavelox.test>");
beforeAll(() => setMailer(mailer));
afterAll(() => smtp.close());

const password = "a good password";
const callerAs = (user: SessionUser | null, address = "test") =>
  createCallerFactory(appRouter)({ ...contextFor(db, user), clientAddress: address });
const address = () => `${uniqueName("mail")}@example.test`;

async function refusal(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const { code, message, cause } = error as TRPCError;
  return { code, message, accountCode: (cause as { code?: string } | undefined)?.code };
}

/** A player with `email` verified through its link. */
async function withVerifiedEmail(email = address()) {
  const player = await newPlayer(db, password);
  await callerAs(player).account.setEmail({ email, password, locale: "en" });
  await callerAs(null).account.verifyEmail({ token: linkToken(await smtp.next(email)) });
  return { player, email };
}

describe("email address", () => {
  it("an address is the account's only once its link is followed, and adding one asks the password", async () => {
    const player = await newPlayer(db, password);
    const email = address();
    const wrong = await refusal(
      callerAs(player).account.setEmail({ email, password: "not my password", locale: "en" }),
    );
    expect(wrong).toMatchObject({ code: "BAD_REQUEST", accountCode: "WRONG_PASSWORD" });
    await callerAs(player).account.setEmail({
      email: ` ${email.toUpperCase()} `,
      password,
      locale: "en",
    });
    const mail = await smtp.next(email);
    expect(mail.text).toContain(`${ORIGIN}/account/verify?token=`);
    expect(smtp.to(email)).toHaveLength(1);
    expect(await callerAs(player).account.settings()).toMatchObject({
      email: null,
      pending: email,
    });

    expect(await callerAs(null).account.verifyEmail({ token: linkToken(mail) })).toEqual({ email });
    const settings = await callerAs(player).account.settings();
    expect(settings).toMatchObject({ email, pending: null });
    expect(settings.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("a verification link used twice is refused the second time", async () => {
    const player = await newPlayer(db, password);
    const email = address();
    await callerAs(player).account.setEmail({ email, password, locale: "en" });
    const token = linkToken(await smtp.next(email));
    await callerAs(null).account.verifyEmail({ token });
    expect(await refusal(callerAs(null).account.verifyEmail({ token }))).toMatchObject({
      code: "BAD_REQUEST",
      accountCode: "BAD_LINK",
    });
  });

  it("a verification link older than 24 hours is refused and verifies nothing", async () => {
    const player = await newPlayer(db, password);
    const email = address();
    await callerAs(player).account.setEmail({ email, password, locale: "en" });
    const token = linkToken(await smtp.next(email));
    await db.mailToken.update({
      where: { tokenHash: tokenHash(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await refusal(callerAs(null).account.verifyEmail({ token }))).accountCode).toBe(
      "BAD_LINK",
    );
    expect((await db.user.findUniqueOrThrow({ where: { id: player.id } })).email).toBeNull();
  });

  it("an address another account verified first is refused to the second", async () => {
    const { email } = await withVerifiedEmail();
    const second = await newPlayer(db, password);
    await callerAs(second).account.setEmail({ email, password, locale: "en" });
    const token = linkToken(await smtp.next(email, 1));
    expect((await refusal(callerAs(null).account.verifyEmail({ token }))).accountCode).toBe(
      "EMAIL_TAKEN",
    );
  });

  it("a link's token is stored only as its hash", async () => {
    const player = await newPlayer(db, password);
    const email = address();
    await callerAs(player).account.setEmail({ email, password, locale: "en" });
    const token = linkToken(await smtp.next(email));
    const rows = await db.mailToken.findMany({ where: { userId: player.id } });
    expect(rows.map((row) => row.tokenHash)).toEqual([tokenHash(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe("password reset", () => {
  it("a reset request answers the same whether the account exists, has a verified address or not", async () => {
    const { player, email } = await withVerifiedEmail();
    const without = await newPlayer(db, password);
    const ask = (who: string) =>
      callerAs(null, "asker").account.requestReset({ who, locale: "en" });
    const answers = [
      await ask(player.name),
      await ask(without.name),
      await ask("nobody_at_all"),
      await ask("nobody@example.test"),
    ];
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(linkToken(await smtp.next(email, 1))).toBeTruthy();
    expect(await db.mailToken.count({ where: { userId: without.id } })).toBe(0);
  });

  it("a reset link sets a new password once; the old one stops working", async () => {
    const { player, email } = await withVerifiedEmail();
    expect(
      await sendResetLink(db, mailer, {
        who: email,
        locale: "en",
      }),
    ).toBe(true);
    const mail = await smtp.next(email, 1);
    expect(mail.text).toContain(`${ORIGIN}/reset?token=`);
    const token = linkToken(mail);
    expect(
      await callerAs(null).account.resetPassword({ token, password: "a new password" }),
    ).toEqual({
      name: player.name,
    });
    await expect(
      signIn(db, uniqueName("client"), { name: player.name, password }),
    ).rejects.toThrow();
    expect(
      (await signIn(db, uniqueName("client"), { name: player.name, password: "a new password" }))
        .id,
    ).toBe(player.id);
    const again = await refusal(
      callerAs(null).account.resetPassword({ token, password: "a third password" }),
    );
    expect(again.accountCode).toBe("BAD_LINK");
  });

  it("a reset link older than an hour is refused and changes nothing", async () => {
    const { player, email } = await withVerifiedEmail();
    await sendResetLink(db, mailer, {
      who: player.name,
      locale: "en",
    });
    const token = linkToken(await smtp.next(email, 1));
    await db.mailToken.update({
      where: { tokenHash: tokenHash(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await refusal(
      callerAs(null).account.resetPassword({ token, password: "a new password" }),
    );
    expect(expired.accountCode).toBe("BAD_LINK");
    expect((await signIn(db, uniqueName("client"), { name: player.name, password })).id).toBe(
      player.id,
    );
  });

  it("a reset asked for an address not verified yet sends nothing", async () => {
    const player = await newPlayer(db, password);
    const email = address();
    await callerAs(player).account.setEmail({ email, password, locale: "en" });
    await smtp.next(email);
    expect(await sendResetLink(db, mailer, { who: email, locale: "en" })).toBe(false);
    expect(await sendResetLink(db, mailer, { who: player.name, locale: "en" })).toBe(false);
    expect(smtp.to(email)).toHaveLength(1);
    expect(await db.mailToken.count({ where: { userId: player.id, kind: "RESET_PASSWORD" } })).toBe(
      0,
    );
  });

  it("a reset link sent before the account's address changed is refused", async () => {
    const { player, email } = await withVerifiedEmail();
    await sendResetLink(db, mailer, { who: player.name, locale: "en" });
    const token = linkToken(await smtp.next(email, 1));
    const other = address();
    await callerAs(player).account.setEmail({ email: other, password, locale: "en" });
    await callerAs(null).account.verifyEmail({ token: linkToken(await smtp.next(other)) });
    const refused = await refusal(
      callerAs(null).account.resetPassword({ token, password: "a new password" }),
    );
    expect(refused.accountCode).toBe("BAD_LINK");
  });

  it("reset requests from one client past its hourly allowance are refused", async () => {
    const ask = () =>
      callerAs(null, "reset-flooder").account.requestReset({ who: "x_y_z", locale: "en" });
    for (let i = 0; i < RESET_REQUESTS_PER_HOUR; i++) await ask();
    expect(await refusal(ask())).toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });

  it("however many ask, one account is sent at most 3 mails an hour", async () => {
    const { player, email } = await withVerifiedEmail();
    const sent = [];
    for (let i = 0; i < 4; i++)
      sent.push(await sendResetLink(db, mailer, { who: player.name, locale: "en" }));
    // The verification mail was the first of the three.
    expect(sent).toEqual([true, true, false, false]);
    expect(smtp.to(email)).toHaveLength(3);
  });
});

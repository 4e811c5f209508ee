import { describe, expect, it } from "vitest";
import {
  FAILED_SIGN_INS_ALLOWED,
  signIn,
  type SignInError,
  WRONG_CREDENTIALS,
} from "@/server/auth/sign-in";
import { newPlayer, testDb } from "./helpers";

const db = testDb();
const password = "a good password";

describe("sign-in", () => {
  it("accepts the right name and password, in any case of the name", async () => {
    const player = await newPlayer(db, password);
    expect(await signIn(db, "client-a", { name: player.name.toUpperCase(), password })).toEqual({
      id: player.id,
      name: player.name,
    });
  });

  it("says only 'wrong name or password' for a wrong password or an unknown name", async () => {
    const player = await newPlayer(db, password);
    await expect(
      signIn(db, "client-b", { name: player.name, password: "nope nope" }),
    ).rejects.toThrow(WRONG_CREDENTIALS);
    await expect(signIn(db, "client-b", { name: "nobody_here", password })).rejects.toThrow(
      WRONG_CREDENTIALS,
    );
    await expect(signIn(db, "client-b", {})).rejects.toThrow(WRONG_CREDENTIALS);
  });

  it("makes a client that failed too often wait, even with the right password; others go on", async () => {
    const player = await newPlayer(db, password);
    for (let i = 0; i < FAILED_SIGN_INS_ALLOWED; i++) {
      await expect(
        signIn(db, "client-c", { name: player.name, password: "wrong" }),
      ).rejects.toThrow(WRONG_CREDENTIALS);
    }
    await expect(signIn(db, "client-c", { name: player.name, password })).rejects.toThrow(
      /Too many failed sign-ins from here\. Try again in 15 minutes\./,
    );
    expect((await signIn(db, "client-d", { name: player.name, password })).id).toBe(player.id);
  });

  it("300 wrong passwords fired at once from one client: only the allowed 10 are checked", async () => {
    const player = await newPlayer(db, password);
    const answers = await Promise.all(
      Array.from({ length: 300 }, () =>
        signIn(db, "client-e", { name: player.name, password: "a wrong guess" }).then(
          () => "signed in",
          (error: SignInError) => error.refusal.code,
        ),
      ),
    );
    const count = (code: string) => answers.filter((answer) => answer === code).length;
    expect(count("WRONG_CREDENTIALS")).toBe(FAILED_SIGN_INS_ALLOWED);
    expect(count("TOO_MANY_FAILURES")).toBe(300 - FAILED_SIGN_INS_ALLOWED);
  });

  it("a right password gives its attempt back: signing in often never locks a client out", async () => {
    const player = await newPlayer(db, password);
    for (let i = 0; i < FAILED_SIGN_INS_ALLOWED + 2; i++)
      expect((await signIn(db, "client-f", { name: player.name, password })).id).toBe(player.id);
  });
});

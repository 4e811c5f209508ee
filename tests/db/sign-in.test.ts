import { describe, expect, it } from "vitest";
import { FAILED_SIGN_INS_ALLOWED, signIn, WRONG_CREDENTIALS } from "@/server/auth/sign-in";
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
});

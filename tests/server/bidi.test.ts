import { describe, expect, it } from "vitest";
import { isolate, stripBidi } from "@/protocol/bidi";

describe("bidi controls in players' text", () => {
  it("U+202E and every other embedding, override, isolate and mark are dropped; other text is kept", () => {
    expect(
      stripBidi(
        "a\u202Ebc\u202C d\u2066e\u2069 f\u200E\u200F\u061C g\u202A\u202B\u202D\u2067\u2068",
      ),
    ).toBe("abc de f g");
    expect(stripBidi("Ciao, già: שלום 123")).toBe("Ciao, già: שלום 123");
  });

  it("text put inside a sentence is isolated, and cannot end its own isolate early", () => {
    expect(isolate("x\u2069\u202Ey")).toBe("\u2068xy\u2069");
  });
});

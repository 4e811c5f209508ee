import { describe, expect, it } from "vitest";
import { authOptions } from "@/server/auth/options";
import { localPath } from "@/protocol/local-path";

const site = "http://play.example:3000";

describe("where signing in leads (open redirects)", () => {
  it("a callbackUrl of this site's origin with a path of two slashes leads to a path here, not to the other host", () => {
    expect(localPath(`${site}//evil.example/path`, site)).toBe("/evil.example/path");
    expect(localPath("//evil.example/path", site)).toBeNull();
    expect(localPath("///evil.example/path", site)).toBeNull();
    expect(localPath("/\\evil.example/path", site)).toBeNull();
    expect(localPath(`${site}/\\/evil.example/`, site)).toBe("/evil.example/");
  });

  it("another origin, another scheme or port, and scripts lead nowhere", () => {
    for (const url of [
      "https://evil.example/",
      "http://play.example:3001/agora",
      "https://play.example:3000/agora",
      "javascript:alert(1)",
      "data:text/html,hi",
    ])
      expect([url, localPath(url, site)]).toEqual([url, null]);
  });

  it("this site's own paths keep their query and fragment", () => {
    expect(localPath("/play/abc?x=1#top", site)).toBe("/play/abc?x=1#top");
    expect(localPath(`${site}/agora`, site)).toBe("/agora");
    expect(localPath("agora", site)).toBe("/agora");
    expect(localPath(null, site)).toBeNull();
  });

  it("next-auth's redirect callback sends a foreign or doubled-slash callback to a path of this site", async () => {
    const redirect = authOptions.callbacks!.redirect!;
    expect(await redirect({ url: `${site}//evil.example/x`, baseUrl: site })).toBe(
      `${site}/evil.example/x`,
    );
    expect(await redirect({ url: "https://evil.example/", baseUrl: site })).toBe(`${site}/`);
    expect(await redirect({ url: "/history", baseUrl: site })).toBe(`${site}/history`);
  });
});

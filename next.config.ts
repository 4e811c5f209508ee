import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const nextConfig: NextConfig = {
  // `npm test` type-checks the whole project on its own; the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  // Loaded by Node at run time, not bundled: the database driver and the password hasher.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "bcryptjs"],
  // Says nothing an attacker should learn; the security headers are set by the server (http.ts).
  poweredByHeader: false,
};

// The reader's language and words for server components come from src/i18n/request.ts.
export default createNextIntlPlugin("./src/i18n/request.ts")(nextConfig);

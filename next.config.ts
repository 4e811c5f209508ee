import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // `npm test` type-checks the whole project on its own; the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  // Loaded by Node at run time, not bundled: the database driver and the password hasher.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "bcryptjs"],
};

export default nextConfig;

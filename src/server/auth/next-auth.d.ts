import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    user: { id: string; name: string };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    /** The player's session version when the token was made (session.ts). */
    sv?: number;
  }
}

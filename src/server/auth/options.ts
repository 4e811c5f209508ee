import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { db } from "../db/client";
import { CLIENT_ADDRESS_HEADER } from "../client-address";
import { signIn } from "./sign-in";

// Sessions are JWTs in an HTTP-only cookie: the custom server reads the same cookie on the
// WebSocket upgrade (see session.ts). The secret comes from NEXTAUTH_SECRET, set by server.ts.
export const authOptions: AuthOptions = {
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "name and password",
      credentials: {
        name: { label: "Name", type: "text" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials, req) {
        const address = req.headers?.[CLIENT_ADDRESS_HEADER];
        return signIn(db(), typeof address === "string" ? address : "unknown", credentials ?? {});
      },
    }),
  ],
  callbacks: {
    session({ session, token }) {
      if (token.sub && token.name) session.user = { id: token.sub, name: token.name };
      return session;
    },
  },
};

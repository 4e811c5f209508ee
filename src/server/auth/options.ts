import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { db } from "../db/client";
import { CLIENT_ADDRESS_HEADER } from "../client-address";
import { signInRefusalText } from "@/i18n/errors";
import { parseLocale } from "@/i18n/locale";
import { translator } from "@/i18n/catalog";
import { localPath } from "@/protocol/local-path";
import { revokeSessions, sessionVersionOf } from "./session";
import { signIn, SignInError } from "./sign-in";

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
        /** The reader's language, for the refusal: next-auth hands the client only its message. */
        locale: { label: "Language", type: "text" },
      },
      async authorize(credentials, req) {
        const address = req.headers?.[CLIENT_ADDRESS_HEADER];
        try {
          return await signIn(
            db(),
            typeof address === "string" ? address : "unknown",
            credentials ?? {},
          );
        } catch (error) {
          if (!(error instanceof SignInError)) throw error;
          const t = translator(parseLocale(credentials?.locale));
          throw new SignInError(error.refusal, signInRefusalText(error, t));
        }
      },
    }),
  ],
  callbacks: {
    /** next-auth's own check lets `http://this-site//other.example/` through: paths only. */
    redirect({ url, baseUrl }) {
      return `${baseUrl}${localPath(url, baseUrl) ?? "/"}`;
    },
    // The token carries the player's session version: raising it revokes the token (session.ts).
    async jwt({ token, user }) {
      if (user) token.sv = await sessionVersionOf(user.id);
      return token;
    },
    session({ session, token }) {
      if (token.sub && token.name) session.user = { id: token.sub, name: token.name };
      return session;
    },
  },
  events: {
    // Signing out signs out everywhere: every token of the player stops counting, and their
    // open WebSockets close (a session id per token would need a table of sessions).
    async signOut({ token }) {
      if (token?.sub) await revokeSessions(token.sub);
    },
  },
};

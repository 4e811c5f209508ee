"use client";

import { signOut } from "next-auth/react";

export function SignOutButton() {
  return (
    <button
      type="button"
      onClick={() => signOut({ callbackUrl: "/" })}
      className="rounded-md border border-stone-300 px-3 py-1.5 font-medium hover:bg-stone-100"
    >
      Sign out
    </button>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { FormCard } from "../form";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default function SignInPage() {
  return (
    <FormCard
      title="Sign in"
      footer={
        <>
          New here?{" "}
          <Link href="/signup" className="font-medium text-emerald-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      {/* The form reads ?callbackUrl= from the address, known only in the browser. */}
      <Suspense>
        <SignInForm />
      </Suspense>
    </FormCard>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { FormCard } from "../form";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Sign up" };

export default function SignUpPage() {
  return (
    <FormCard
      title="Create your account"
      footer={
        <>
          Already have one?{" "}
          <Link href="/signin" className="font-medium text-emerald-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm />
    </FormCard>
  );
}

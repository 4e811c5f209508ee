import Link from "next/link";
import { getMessages } from "@/i18n/server";

export default async function NotFound() {
  const t = (await getMessages()).site.notFound;
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <p className="text-stone-600">{t.text}</p>
      <Link href="/" className="font-medium text-emerald-700 hover:underline">
        {t.home}
      </Link>
    </div>
  );
}

import Link from "next/link";
import { getTranslations } from "next-intl/server";

export default async function NotFound() {
  const t = await getTranslations();
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-2xl font-bold">{t("site.notFound.title")}</h1>
      <p className="text-stone-600">{t("site.notFound.text")}</p>
      <Link href="/" className="font-medium text-emerald-700 hover:underline">
        {t("site.notFound.home")}
      </Link>
    </div>
  );
}

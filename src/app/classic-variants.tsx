"use client";

import type { Variant } from "@/engine/classic";
import { useTranslations } from "next-intl";

/**
 * The classic variants to play, as checkboxes (a friendly game's form, a practice table's).
 * The engine's list of variants comes from the server's page: importing it here would bring
 * the classic engine into the form's first load.
 */
export function VariantsField({
  choices,
  value,
  onChange,
}: {
  choices: readonly Variant[];
  value: Variant[];
  onChange: (variants: Variant[]) => void;
}) {
  const t = useTranslations();
  return (
    <fieldset className="text-sm">
      <legend className="font-medium">{t("practice.classic.variants")}</legend>
      {choices.map((variant) => (
        <label key={variant} className="mr-3 inline-flex items-center gap-1">
          <input
            type="checkbox"
            checked={value.includes(variant)}
            onChange={(e) =>
              onChange(e.target.checked ? [...value, variant] : value.filter((v) => v !== variant))
            }
          />
          {t(`practice.classic.variantNames.${variant}`)}
        </label>
      ))}
    </fieldset>
  );
}

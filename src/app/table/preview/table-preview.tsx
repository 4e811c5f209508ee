"use client";

import { useState } from "react";
import type { Seat } from "@/engine";
import { PREVIEW_NAMES, previewHand } from "@/components/table/fixture";
import { useLocalTable } from "@/components/table/local-hand";
import { GameTable } from "@/components/table/table";

/** The engine's clock starts where the preview hand left it and runs with the wall clock. */
export function TablePreview() {
  const [seat, setSeat] = useState<Seat>(0);
  const { table } = useLocalTable(previewHand, seat);
  return (
    <GameTable
      key={seat}
      {...table}
      names={PREVIEW_NAMES}
      topBar={
        <span className="flex items-center gap-2">
          <span>Preview: you sit at</span>
          {PREVIEW_NAMES.map((name, s) => (
            <button
              key={name}
              type="button"
              aria-pressed={seat === s}
              className={`rounded px-2 py-1 ${seat === s ? "bg-emerald-700 text-white" : "bg-white ring-1 ring-stone-300"}`}
              onClick={() => setSeat(s)}
            >
              {name}
            </button>
          ))}
        </span>
      }
    />
  );
}

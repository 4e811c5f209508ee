"use client";

import { useEffect, useRef, useState } from "react";
import type { Millis } from "@/engine/state";

/** The engine's clock on this page: the match's clock when the view arrived, plus the time since. */
export function useEngineNow(viewNow: Millis): Millis {
  const base = useRef({ engine: viewNow, wall: 0 });
  const [now, setNow] = useState(viewNow);
  useEffect(() => {
    base.current = { engine: viewNow, wall: performance.now() };
    setNow(viewNow);
  }, [viewNow]);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(base.current.engine + performance.now() - base.current.wall);
    }, 250);
    return () => clearInterval(timer);
  }, []);
  return now;
}

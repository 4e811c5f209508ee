"use client";

import { useEffect, useRef, useState } from "react";
import { type Millis } from "@/engine";

/**
 * The engine's clock on this page: the match's clock when the view arrived, plus the time since
 * (unless `running` is false: a scripted hand whose clock moves only with its commands).
 */
export function useEngineNow(viewNow: Millis, running = true): Millis {
  const base = useRef({ engine: viewNow, wall: 0 });
  const [now, setNow] = useState(viewNow);
  useEffect(() => {
    base.current = { engine: viewNow, wall: performance.now() };
    setNow(viewNow);
  }, [viewNow]);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      setNow(base.current.engine + performance.now() - base.current.wall);
    }, 250);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

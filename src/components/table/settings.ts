"use client";

// The player's table preferences, kept in this browser.

import { useCallback, useSyncExternalStore } from "react";

export interface TableSettings {
  muted: boolean;
  fourColour: boolean;
}

const KEY = "mvx-table-settings";
const DEFAULTS: TableSettings = { muted: false, fourColour: false };
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: TableSettings } = { raw: null, value: DEFAULTS };

function read(): TableSettings {
  const raw = localStorage.getItem(KEY);
  if (raw !== cached.raw) {
    let parsed: Partial<TableSettings> = {};
    try {
      parsed = raw ? (JSON.parse(raw) as Partial<TableSettings>) : {};
    } catch {
      // A corrupted entry falls back to the defaults.
    }
    cached = { raw, value: { ...DEFAULTS, ...parsed } };
  }
  return cached.value;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTableSettings(): [TableSettings, (change: Partial<TableSettings>) => void] {
  const settings = useSyncExternalStore(subscribe, read, () => DEFAULTS);
  const update = useCallback((change: Partial<TableSettings>) => {
    localStorage.setItem(KEY, JSON.stringify({ ...read(), ...change }));
    listeners.forEach((l) => l());
  }, []);
  return [settings, update];
}

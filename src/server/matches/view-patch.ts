// Patches between two views of a seat (or of the spectators), so a live stream sends what
// changed rather than the whole view after every action. Pure (types are all it imports): the
// server makes patches, the browser, the bots and the bench apply them.
//
// A view is plain JSON. A patch says how one value became another:
// - `{ s: value }`: replaced whole (numbers, strings, arrays of plain values, changed shapes);
// - `{ o: { field: patch }, d?: [field] }`: an object, the fields that changed, `d` those gone;
// - `{ k?: [id], i: { id: patch } }`: an array of objects with unique `id`s (melds, plays):
//   `k` the new order of ids when it differs, `i` the items that changed or came, by id;
// - `{ a: { index: patch } }`: an array of objects of the same length (the seats), by index.
// Unchanged values have no patch (null), and apply(old, diff(old, new)) deep-equals new.

import type { MatchView } from "./engine";
import type { StreamMessage } from "./live-match";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type Id = number | string;

export type Patch =
  | { s: Json }
  | { o: Record<string, Patch>; d?: string[] }
  | { k?: Id[]; i: Record<string, Patch> }
  | { a: Record<string, Patch> };

type JsonObject = { [key: string]: Json };

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The items of `list` by id, when every item is an object with an id of its own; else null. */
function byId(list: Json[]): Map<string, JsonObject> | null {
  const items = new Map<string, JsonObject>();
  for (const item of list) {
    if (!isObject(item)) return null;
    const id = item.id;
    if (typeof id !== "number" && typeof id !== "string") return null;
    items.set(String(id), item);
  }
  return items.size === list.length ? items : null;
}

/**
 * The patches of lists already diffed, by the list they lead to: views of several audiences
 * share their public lists (engine.ts `audienceViews`), so each is diffed once per change.
 */
export type DiffMemo = Map<Json[], { before: Json[]; patch: Patch | null }>;

/** How `after` differs from `before`, or null when they are deep-equal. */
export function diff(before: unknown, after: unknown, memo?: DiffMemo): Patch | null {
  if (before === after) return null;
  if (isObject(before) && isObject(after)) return diffObjects(before, after, memo);
  if (Array.isArray(before) && Array.isArray(after)) {
    const known = memo?.get(after);
    if (known?.before === before) return known.patch;
    const patch = diffArrays(before, after, memo);
    memo?.set(after, { before, patch });
    return patch;
  }
  return { s: after as Json };
}

/** Sets a field even when its name is `__proto__`, which plain assignment would not. */
function setOwn<V>(object: Record<string, V>, key: string, value: V) {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function diffObjects(before: JsonObject, after: JsonObject, memo?: DiffMemo): Patch | null {
  let fields: Record<string, Patch> | null = null;
  for (const key in after) {
    // Own keys only: a view's field named like an Object method is still a field.
    const change = Object.hasOwn(before, key)
      ? diff(before[key], after[key], memo)
      : { s: after[key]! };
    if (change) setOwn((fields ??= {}), key, change);
  }
  let gone: string[] | null = null;
  for (const key in before) if (!Object.hasOwn(after, key)) (gone ??= []).push(key);
  if (!fields && !gone) return null;
  return gone ? { o: fields ?? {}, d: gone } : { o: fields! };
}

function diffArrays(before: Json[], after: Json[], memo?: DiffMemo): Patch | null {
  const old = byId(before);
  const fresh = old && byId(after);
  if (old && fresh) return diffById(before, old, after, memo);
  if (before.length === after.length && after.some((item) => typeof item === "object")) {
    let items: Record<string, Patch> | null = null;
    for (let i = 0; i < after.length; i++) {
      const change = diff(before[i], after[i], memo);
      if (change) (items ??= {})[i] = change;
    }
    return items && { a: items };
  }
  if (before.length === after.length && after.every((item, i) => item === before[i])) return null;
  return { s: after };
}

function diffById(
  before: Json[],
  old: Map<string, JsonObject>,
  after: Json[],
  memo?: DiffMemo,
): Patch | null {
  let items: Record<string, Patch> | null = null;
  let reordered = before.length !== after.length;
  for (let i = 0; i < after.length; i++) {
    const item = after[i] as JsonObject;
    const id = String(item.id);
    const was = old.get(id);
    if (!reordered && (before[i] as JsonObject).id !== item.id) reordered = true;
    const change = was ? diff(was, item, memo) : { s: item };
    if (change) (items ??= {})[id] = change;
  }
  if (!items && !reordered) return null;
  const patch: { k?: Id[]; i: Record<string, Patch> } = { i: items ?? {} };
  if (reordered) patch.k = after.map((item) => (item as JsonObject).id as Id);
  return patch;
}

/**
 * `after` with each part deep-equal to the same part of `before` (a list's items matched by
 * `id` when they have one, else by position) replaced by `before`'s. A view made afresh after
 * each change then keeps only what changed as new memory: the rest stays the earlier view's,
 * already old, so the server's GC neither copies nor promotes it again, and a diff against the
 * earlier view meets it by identity. Views are never mutated once made, so sharing is safe;
 * `after` is updated in place and must be a fresh value.
 */
export function shareUnchanged<T>(before: T, after: T): T {
  return share(before, after) as T;
}

function share(before: unknown, after: unknown): unknown {
  if (before === after) return after;
  if (isObject(before) && isObject(after)) return shareObject(before, after);
  if (Array.isArray(before) && Array.isArray(after)) return shareList(before, after);
  return after;
}

function shareObject(before: JsonObject, after: JsonObject): JsonObject {
  let same = true;
  let keys = 0;
  for (const key in after) {
    keys++;
    const part = Object.hasOwn(before, key) ? share(before[key], after[key]) : after[key]!;
    if (part !== before[key]) same = false;
    after[key] = part as Json;
  }
  if (!same) return after;
  for (const _ in before) keys--;
  return keys === 0 ? before : after;
}

function shareList(before: unknown[], after: unknown[]): unknown[] {
  let same = before.length === after.length;
  // Lists with ids (melds, plays) keep their order, so one cursor finds each item.
  let cursor = 0;
  for (let i = 0; i < after.length; i++) {
    const item = after[i];
    const id = idOf(item);
    let was = before[i];
    if (id !== undefined && idOf(was) !== id) {
      was = undefined;
      for (let j = cursor; j < before.length; j++)
        if (idOf(before[j]) === id) {
          was = before[j];
          cursor = j + 1;
          break;
        }
    }
    const part = share(was, item);
    if (part !== before[i]) same = false;
    after[i] = part;
  }
  return same ? before : after;
}

function idOf(item: unknown): unknown {
  return isObject(item) ? item.id : undefined;
}

/** A patch that does not fit the value it is applied to: the stream must start afresh. */
export class PatchMismatch extends Error {}

/**
 * `before` changed by `patch`, sharing every unchanged part with `before` (never modified),
 * so a React view keeps the identity of what did not change.
 */
export function apply<T>(before: T, patch: Patch | null): T {
  return patch ? (applyPatch(before as Json, patch) as T) : before;
}

function applyPatch(before: Json, patch: Patch): Json {
  if ("s" in patch) return patch.s;
  if ("o" in patch) {
    if (!isObject(before)) throw new PatchMismatch("a field patch for a value that is no object");
    const after: JsonObject = { ...before };
    for (const key in patch.o)
      setOwn(
        after,
        key,
        Object.hasOwn(before, key) ? applyPatch(before[key]!, patch.o[key]!) : fresh(patch.o[key]!),
      );
    for (const key of patch.d ?? []) delete after[key];
    return after;
  }
  if (!Array.isArray(before)) throw new PatchMismatch("an item patch for a value that is no list");
  if ("a" in patch) {
    const after = [...before];
    for (const index in patch.a) {
      const i = Number(index);
      if (!(i < after.length)) throw new PatchMismatch(`no item ${index} to patch`);
      after[i] = applyPatch(after[i]!, patch.a[index]!);
    }
    return after;
  }
  const old = byId(before);
  if (!old) throw new PatchMismatch("an id patch for a list without ids");
  const order = patch.k ?? before.map((item) => (item as JsonObject).id as Id);
  return order.map((id) => {
    const change = patch.i[id];
    const was = old.get(String(id));
    if (was) return change ? applyPatch(was, change) : was;
    if (!change) throw new PatchMismatch(`no item ${id} to keep`);
    return fresh(change);
  });
}

/** A value that did not exist before: only a whole value can make it. */
function fresh(patch: Patch): Json {
  if (!("s" in patch)) throw new PatchMismatch("a partial patch for a value that did not exist");
  return patch.s;
}

/**
 * The subscriber's view after a stream message: a snapshot's or a resume's whole view, or the
 * view it held patched. Throws PatchMismatch when the patch does not fit that view.
 */
export function viewAfter(view: MatchView | null, message: StreamMessage): MatchView | null {
  if (message.type === "match") return view;
  if ("view" in message) return message.view;
  return apply(view, message.patch);
}

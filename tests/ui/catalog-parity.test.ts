import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { CATALOGS } from "@/i18n/catalog";

// messages/en.json types the keys (src/i18n/types.ts), but Italian is only JSON: these checks
// keep it from missing a key, having one English lacks, or asking for other arguments.

type Tree = { [key: string]: string | Tree };

/** Every message of a catalog by its full key. */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The arguments a message asks for, with how it formats each (plain, plural, select, date…). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentsOf(element.children, into);
      continue;
    }
    into.add(`${element.value}:${TYPE[element.type]}`);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}

const en = flatten(CATALOGS.en as Tree);
const it_ = flatten(CATALOGS.it as Tree);

describe("the catalogs (messages/*.json)", () => {
  it("Italian has exactly English's keys", () => {
    expect([...it_.keys()].filter((key) => !en.has(key))).toEqual([]);
    expect([...en.keys()].filter((key) => !it_.has(key))).toEqual([]);
  });

  it("every message is valid ICU in both languages", () => {
    const invalid: string[] = [];
    for (const [lang, messages] of [
      ["en", en],
      ["it", it_],
    ] as const)
      for (const [key, message] of messages) {
        try {
          parse(message);
        } catch (error) {
          invalid.push(`${lang} ${key}: ${String(error)}`);
        }
      }
    expect(invalid).toEqual([]);
  });

  it("each Italian message asks for the same arguments as the English one, formatted alike", () => {
    const differing = [...en].flatMap(([key, message]) => {
      const other = it_.get(key);
      if (other === undefined) return [];
      const want = [...argumentsOf(parse(message))].sort();
      const got = [...argumentsOf(parse(other))].sort();
      return JSON.stringify(want) === JSON.stringify(got) ? [] : [`${key}: ${want} vs ${got}`];
    });
    expect(differing).toEqual([]);
  });
});

// The project's import graph as TypeScript resolves it, type-only imports included (a cycle of
// types still ties the modules' design together, and import-x's no-cycle skips them).

import path from "node:path";
import ts from "typescript";

const config = ts.getParsedCommandLineOfConfigFile("tsconfig.json", {}, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: () => {},
});
const options = config?.options ?? {};
const edges = new Map();

/** The project files `file` imports or re-exports (static, dynamic and type-only alike). */
export function importsOf(file) {
  let targets = edges.get(file);
  if (targets) return targets;
  const info = ts.preProcessFile(ts.sys.readFile(file) ?? "", true, true);
  targets = [];
  for (const { fileName } of info.importedFiles) {
    const target = resolve(fileName, file);
    if (target) targets.push(target);
  }
  edges.set(file, targets);
  return targets;
}

/** The project file `specifier` names from `file`, or null (a package, a declaration file). */
export function resolve(specifier, file) {
  const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport || resolved.extension === ".d.ts") return null;
  return path.resolve(resolved.resolvedFileName);
}

/** A path of imports from `from` back to `to`, or null when there is none. */
export function pathBetween(from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === to) {
      const steps = [];
      for (let at = file; at !== null; at = previous.get(at)) steps.unshift(at);
      return steps;
    }
    for (const next of importsOf(file))
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
  }
  return null;
}

// The project's import graph as TypeScript resolves it. Type-only imports are edges too for
// cycles (a cycle of types still ties two modules' designs together, and import-x's no-cycle
// skips them); `valueImportsOf` leaves them out, for what a bundle actually loads.

import path from "node:path";
import ts from "typescript";

const config = ts.getParsedCommandLineOfConfigFile(
  "tsconfig.json",
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  },
);
const options = config?.options ?? {};
const graphs = new Map();

/** The project file `specifier` names from `file`, or null (a package, a declaration file). */
export function resolve(specifier, file) {
  const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport || resolved.extension === ".d.ts") return null;
  return path.resolve(resolved.resolvedFileName);
}

function isTypeOnly(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false;
    if (clause.isTypeOnly) return true;
    const named = clause.namedBindings;
    return (
      !clause.name &&
      named !== undefined &&
      ts.isNamedImports(named) &&
      named.elements.length > 0 &&
      named.elements.every((element) => element.isTypeOnly)
    );
  }
  return ts.isExportDeclaration(node) && node.isTypeOnly;
}

/** `file`'s imports: every project file it names, and those it loads at run time. */
function graphOf(file) {
  let graph = graphs.get(file);
  if (graph) return graph;
  graph = { all: [], values: [] };
  const text = ts.sys.readFile(file) ?? "";
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const add = (specifier, typeOnly) => {
    const target = resolve(specifier, file);
    if (!target) return;
    graph.all.push(target);
    if (!typeOnly) graph.values.push(target);
  };
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      add(node.moduleSpecifier.text, isTypeOnly(node));
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      add(node.arguments[0].text, false);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) add(literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  graphs.set(file, graph);
  return graph;
}

/** The project files `file` imports, type-only imports included. */
export function importsOf(file) {
  return graphOf(file).all;
}

/** The project files `file` loads at run time (type-only imports left out). */
export function valueImportsOf(file) {
  return graphOf(file).values;
}

/** The shortest chain of `next` steps from `from` to a file `found` accepts, or null. */
export function chainTo(from, found, next = importsOf) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  for (let at = 0; at < queue.length; at++) {
    const file = queue[at];
    if (found(file)) {
      const steps = [];
      for (let step = file; step !== null; step = previous.get(step)) steps.unshift(step);
      return steps;
    }
    for (const target of next(file))
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
  }
  return null;
}

// The project's own lint rules: what the import graph must not contain.

import path from "node:path";
import { chainTo, resolve, valueImportsOf } from "./import-graph.mjs";

const root = process.cwd();
const shown = (file) => path.relative(root, file);

/** Each import declaration (static, re-export, dynamic) of a file, with its specifier. */
function onImports(check) {
  const visit = (node) => {
    if (node.source && node.source.type === "Literal" && typeof node.source.value === "string")
      check(node, node.source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const noCycle = {
  meta: {
    type: "problem",
    docs: { description: "No import cycles, type-only imports included." },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.filename);
    return onImports((node, specifier) => {
      const target = resolve(specifier, file);
      if (!target) return;
      const back = chainTo(target, (at) => at === file);
      if (back)
        context.report({
          node,
          message: `Import cycle: ${[file, ...back].map(shown).join(" → ")}.`,
        });
    });
  },
};

const serverDir = path.join(root, "src", "server") + path.sep;
const inServer = (file) => file.startsWith(serverDir);
/** The one server module the browser may name: tRPC's router type, erased at build. */
const routerType = path.join(serverDir, "routers", "_app.ts");

const browserNoServer = {
  meta: {
    type: "problem",
    docs: {
      description:
        "Browser code loads nothing from src/server, directly or through what it imports: a 'use client' file, or with `{ always: true }` every file the rule is configured on.",
    },
    schema: [
      { type: "object", properties: { always: { type: "boolean" } }, additionalProperties: false },
    ],
  },
  create(context) {
    const always = context.options[0]?.always === true;
    const file = path.resolve(context.filename);
    const directives = context.sourceCode.ast.body.filter((statement) => statement.directive);
    if (!always && !directives.some((statement) => statement.directive === "use client")) return {};
    return onImports((node, specifier) => {
      const target = resolve(specifier, file);
      if (!target) return;
      const typeOnly =
        node.importKind === "type" ||
        node.exportKind === "type" ||
        (node.specifiers?.length > 0 &&
          node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));
      if (inServer(target)) {
        if (!(typeOnly && target === routerType))
          context.report({
            node,
            message: `The browser never imports src/server (${shown(target)}): what both sides share belongs in src/protocol.`,
          });
        return;
      }
      if (typeOnly) return;
      const chain = chainTo(target, inServer, valueImportsOf);
      if (chain)
        context.report({
          node,
          message: `The browser never imports src/server, and this import loads it: ${chain.map(shown).join(" → ")}.`,
        });
    });
  },
};

export default { rules: { "no-cycle": noCycle, "browser-no-server": browserNoServer } };

// Marks every call in a module's top-level `const` initialisers as `/*#__PURE__*/`.
//
// Why: the API schemas are superstruct definitions (`export const Tour = type({ ... })`), i.e. top-level
// calls. Neither webpack nor terser can know those calls are free of side effects, so a page that uses
// one struct of a file used to ship every struct of it (and of the files it imports). With the marks,
// webpack's inner graph and terser drop the unused ones. Only applied to files made of declarations
// (see make-config.js), where that is true by construction.
const ts = require('typescript');

/** @param {string} source */
function annotatePureCalls(source, fileName = 'module.ts') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  /** @type {number[]} */
  const at = [];
  const visit = (node) => {
    // Code inside functions runs later (refiners, coercers): leave it alone.
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node)) at.push(node.getStart(file));
    ts.forEachChild(node, visit);
  };
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const decl of statement.declarationList.declarations) if (decl.initializer) visit(decl.initializer);
  }
  let out = source;
  for (const pos of at.sort((a, b) => b - a)) out = `${out.slice(0, pos)}/*#__PURE__*/ ${out.slice(pos)}`;
  return out;
}

module.exports = function pureCallsLoader(source) {
  return annotatePureCalls(source, this.resourcePath);
};
module.exports.annotatePureCalls = annotatePureCalls;

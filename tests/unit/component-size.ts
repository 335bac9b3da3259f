// Finds React components in src/ and their length in lines, from the `function X(` / `const X =` line to the
// closing brace, with the TypeScript compiler API (a component is a PascalCase function in a .tsx file).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export type ComponentSize = { file: string; name: string; lines: number };

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

const isComponentName = (name: string): boolean => /^[A-Z][A-Za-z0-9]*$/.test(name);

function isFunctionLike(node: ts.Node | undefined): boolean {
  if (!node) return false;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return true;
  // memo(...) / forwardRef(...) wrap the component function.
  if (ts.isCallExpression(node)) return node.arguments.some((arg) => isFunctionLike(arg));
  return false;
}

export function componentSizes(root: string): ComponentSize[] {
  const sizes: ComponentSize[] = [];
  for (const path of tsxFiles(root)) {
    const text = readFileSync(path, 'utf8');
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const lineOf = (pos: number): number => source.getLineAndCharacterOfPosition(pos).line;
    const record = (name: string, node: ts.Node): void => {
      sizes.push({
        file: relative(root, path),
        name,
        lines: lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1,
      });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionDeclaration(node) && node.name && isComponentName(node.name.text) && node.body) {
        record(node.name.text, node);
      } else if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        isComponentName(node.name.text) &&
        isFunctionLike(node.initializer)
      ) {
        record(node.name.text, node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sizes.sort((a, b) => b.lines - a.lines);
}

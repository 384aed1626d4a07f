/**
 * The build ships protocol.ts as `folio-host.d.ts` (webpack.config.js): it must hold types only,
 * or the declaration file would be invalid for integrators.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

it('protocol.ts declares types only, so it is a valid folio-host.d.ts', () => {
  const file = path.join(__dirname, '..', 'protocol.ts');
  const source = readFileSync(file, 'utf8');
  const emitted = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, removeComments: true },
  }).outputText;
  expect(emitted.trim()).toBe('export {};');
  const declaration = ts.createSourceFile('folio-host.d.ts', source, ts.ScriptTarget.Latest);
  const kinds = declaration.statements.map((statement) => ts.SyntaxKind[statement.kind]);
  expect(new Set(kinds)).toEqual(new Set(['InterfaceDeclaration', 'TypeAliasDeclaration']));
});

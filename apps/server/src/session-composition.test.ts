/**
 * The session check is composed at the route level (ADR 041, ADR 064): a route reads as the caller
 * (`readAsCaller` in plugins/auth.ts runs a service's `Read` with the caller's session in one statement);
 * a service takes a scope, never the caller's session. Read with the TypeScript parser, every module file
 * but its routes and tests (and the auth module, which owns sessions):
 * - imports nothing from plugins/auth.ts (the hook, `readAsCaller`, `AuthContext`);
 * - imports none of the session statement's pieces (`selectWithSession`, `ReadWithSession`);
 * - declares no parameter named `sessionId`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));
const MODULES = join(SRC, 'modules');
const AUTH_PLUGIN = join(SRC, 'plugins/auth.ts');
const SESSION_PIECES = new Set(['selectWithSession', 'ReadWithSession']);

function serviceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(MODULES, 'auth') ? [] : serviceFiles(path);
    const skipped =
      entry.name.endsWith('.test.ts') || entry.name.startsWith('test-') || /routes?\.ts$/.test(entry.name);
    return entry.name.endsWith('.ts') && !skipped ? [path] : [];
  });
}

/** What a file does that only a route may: each finding names the line. */
export function sessionCouplings(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node) =>
    `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = node.moduleSpecifier.text;
      if (target.startsWith('.') && resolve(dirname(file), target) === AUTH_PLUGIN) {
        found.push(`${at(node)} imports plugins/auth.ts`);
      }
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          const name = (element.propertyName ?? element.name).text;
          if (SESSION_PIECES.has(name)) found.push(`${at(element)} imports ${name}`);
        }
      }
    }
    if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.name.text === 'sessionId') {
      found.push(`${at(node)} takes a sessionId`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('session composition', () => {
  it('finds each way a file can couple to the session check', () => {
    const file = join(MODULES, 'example/service.ts');
    const text = `
      import { readAsCaller } from '../../plugins/auth.ts';
      import { selectWithSession as withSession } from '../auth/sessions.ts';
      export class ExampleService {
        list(scope: unknown, sessionId: string) { return [scope, sessionId, readAsCaller, withSession]; }
      }`;
    expect(sessionCouplings(file, text)).toEqual([
      'modules/example/service.ts:2 imports plugins/auth.ts',
      'modules/example/service.ts:3 imports selectWithSession',
      'modules/example/service.ts:5 takes a sessionId',
    ]);
    expect(sessionCouplings(file, `import { notFound } from '../../plugins/errors.ts';`)).toEqual([]);
  });

  it('no service takes the caller session or the pieces of its check', () => {
    const files = serviceFiles(MODULES);
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap((file) => sessionCouplings(file))).toEqual([]);
  });
});

/**
 * No import cycles in the server (issue 9). Two checks over the import graph of src/ (test files aside),
 * read with the TypeScript parser:
 * - between modules: no two `modules/<name>` folders may reach each other, whatever the path (through a
 *   plugin or db file too) and whether the import is a value or a type — orders ↔ payments was such a
 *   cycle. A module depends on another in one direction only; shared pieces go to db/, plugins/, policy/.
 * - between files: no cycle of runtime imports (`import type` is erased, so it does not count here).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

interface Edge {
  to: string;
  /** false for `import type` / `export type … from` (erased at run time). */
  runtime: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(SRC, 'test') ? [] : sourceFiles(path);
    const testCode = entry.name.endsWith('.test.ts');
    return entry.name.endsWith('.ts') && !testCode ? [path] : [];
  });
}

/** The relative imports and re-exports of a file, resolved to absolute paths. */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): Edge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edges: Edge[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    let runtime = true;
    if (ts.isImportDeclaration(statement)) {
      specifier = statement.moduleSpecifier;
      runtime = !statement.importClause?.isTypeOnly;
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      specifier = statement.moduleSpecifier;
      runtime = !statement.isTypeOnly;
    }
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    edges.push({ to: resolve(dirname(file), specifier.text), runtime });
  }
  return edges;
}

/** Strongly connected components of a directed graph (Tarjan), the trivial ones (one node, no self-loop) left out. */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return components;
}

/** `modules/<name>` for a file in a module folder, else the file's own path (relative to src/). */
function unitOf(file: string): string {
  const path = relative(SRC, file).split('\\').join('/');
  const match = /^modules\/([^/]+)\//.exec(path);
  return match ? `modules/${match[1]}` : path;
}

function graphOf(files: string[], edgesOf: (file: string) => Edge[], node: (file: string) => string) {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = node(file);
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const edge of edgesOf(file)) {
      const to = node(edge.to);
      if (to !== from) targets.add(to);
    }
  }
  return graph;
}

const files = sourceFiles(SRC);
const edges = new Map(files.map((file) => [file, importsOf(file)]));

describe('import graph of the server', () => {
  it('reads the imports of every source file', () => {
    expect(files.length).toBeGreaterThan(50);
    const app = edges.get(join(SRC, 'app.ts')) ?? [];
    expect(app.some((edge) => edge.to === join(SRC, 'services.ts'))).toBe(true);
  });

  it('has no cycle between modules (value or type imports, directly or through other files)', () => {
    const graph = graphOf(files, (file) => edges.get(file) ?? [], unitOf);
    const betweenModules = cyclesOf(graph)
      .map((component) => component.filter((unit) => unit.startsWith('modules/')))
      .filter((modules) => modules.length > 1);
    expect(betweenModules).toEqual([]);
  });

  it('has no cycle of runtime imports between files', () => {
    const graph = graphOf(
      files,
      (file) => (edges.get(file) ?? []).filter((edge) => edge.runtime),
      (file) => relative(SRC, file),
    );
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['modules/orders', new Set(['modules/payments'])],
      ['modules/payments', new Set(['plugins/x.ts'])],
      ['plugins/x.ts', new Set(['modules/orders'])],
      ['modules/health', new Set<string>()],
    ]);
    expect(cyclesOf(graph)).toEqual([['modules/orders', 'modules/payments', 'plugins/x.ts']]);
    const typeOnly = importsOf(
      join(SRC, 'example.ts'),
      "import type { A } from './a.ts';\nimport { b } from './b.ts';\nexport type { C } from './c.ts';\nimport { type D } from './d.ts';",
    );
    expect(typeOnly).toEqual([
      { to: join(SRC, 'a.ts'), runtime: false },
      { to: join(SRC, 'b.ts'), runtime: true },
      { to: join(SRC, 'c.ts'), runtime: false },
      { to: join(SRC, 'd.ts'), runtime: true },
    ]);
  });
});

/**
 * Imports one layer must not make (value or type): the policy decides (ADR 019) and the HTTP layer (plugins/)
 * turns its answers into status codes (ADR 066), so the policy knows nothing of HTTP, nor of the modules.
 */
const LAYER_RULES: { from: string; never: string[] }[] = [
  { from: 'policy/', never: ['plugins/', 'modules/'] },
];

/** `from → to` (paths relative to src/) for every import that breaks a layer rule. */
export function layerFaults(fileEdges: Map<string, Edge[]>): string[] {
  const rel = (file: string) => relative(SRC, file).split('\\').join('/');
  const faults: string[] = [];
  for (const [file, fileImports] of fileEdges) {
    const from = rel(file);
    const rule = LAYER_RULES.find((r) => from.startsWith(r.from));
    if (!rule) continue;
    for (const edge of fileImports) {
      const to = rel(edge.to);
      if (rule.never.some((layer) => to.startsWith(layer))) faults.push(`${from} → ${to}`);
    }
  }
  return faults.sort();
}

describe('layers of the server', () => {
  it('the policy layer imports nothing from plugins/ (HTTP) or modules/', () => {
    expect(layerFaults(edges)).toEqual([]);
  });

  it('finds such an import (the check itself)', () => {
    const policyFile = join(SRC, 'policy', 'example.ts');
    const fileEdges = new Map([
      [
        policyFile,
        importsOf(
          policyFile,
          "import type { X } from '../plugins/errors.ts';\nimport { y } from './scope.ts';",
        ),
      ],
    ]);
    expect(layerFaults(fileEdges)).toEqual(['policy/example.ts → plugins/errors.ts']);
  });
});

/**
 * One owner per table (issue 31, ADR 063). Reads every source file of src/ (test code aside) with the
 * TypeScript parser and finds its writes: Drizzle's `.insert(t)`, `.update(t)` and `.delete(t)` of a schema
 * table, and raw SQL — `insert into x`, `update x`, `delete from x` — in sql`` templates, the table written
 * out or interpolated (`update ${devices} set …`). A write of a table by code outside its owner
 * (`db/owners.ts`) fails, naming the file and the table.
 */
import { globSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is, Table } from 'drizzle-orm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS, type TableName } from './db/owners.ts';
import * as schema from './db/schema/index.ts';

const SRC = dirname(fileURLToPath(import.meta.url));

/**
 * Code that writes tables it does not own, on purpose (keep this tiny): the demo data, which fills every
 * table the way the product would have.
 */
const EXCEPTIONS: Record<string, string> = {
  'demo/seed.ts': 'the demo seed fills every table as the product would have',
  'simulator/demo.ts': "the demo's simulated readings backfill history the device plane would have written",
};

/** Each table's import name, by its SQL name. */
const tableBySqlName = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, Table))
    .map(([name, value]) => [getTableName(value as Table), name as TableName]),
);
const TABLE_NAMES = new Set<string>(tableBySqlName.values());

export interface TableWrite {
  table: TableName;
  /** `insert`, `update` or `delete`. */
  verb: string;
  line: number;
}

const RAW_WRITE = /\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?("?)([a-z_][a-z0-9_]*)\2/gi;
const RAW_WRITE_BEFORE_VALUE = /\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?$/i;

/** The SQL verb a raw-SQL match names. */
const verbOf = (words: string) => words.split(/\s+/)[0]!.toLowerCase();

/** Every write of a schema table in a file's text: Drizzle builder calls, and raw SQL in sql`` templates. */
export function writesOf(file: string, text: string): TableWrite[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  // the schema's tables as this file imports them (`import { devices as d }` included)
  const imported = new Map<string, TableName>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/\/db\/schema(\/|$)|^\.\/schema(\/|$)/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const name = (element.propertyName ?? element.name).text;
      if (TABLE_NAMES.has(name)) imported.set(element.name.text, name as TableName);
    }
  }
  const writes: TableWrite[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const rawWrites = (literal: string, node: ts.Node) => {
    for (const match of literal.matchAll(RAW_WRITE)) {
      const table = tableBySqlName.get(match[3]!.toLowerCase());
      if (table) writes.push({ table, verb: verbOf(match[1]!), line: lineOf(node) });
    }
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0]!)
    ) {
      const table = imported.get(node.arguments[0].text);
      if (table) writes.push({ table, verb: node.expression.name.text, line: lineOf(node) });
    }
    // sql.raw('…'): raw SQL text
    if (
      ts.isCallExpression(node) &&
      node.expression.getText(source) === 'sql.raw' &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      rawWrites(node.arguments[0].text, node);
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      const template = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(template)) rawWrites(template.text, node);
      else {
        const parts = [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
        parts.forEach((part) => rawWrites(part, node));
        template.templateSpans.forEach((span, i) => {
          const verb = RAW_WRITE_BEFORE_VALUE.exec(parts[i]!);
          const table = ts.isIdentifier(span.expression) ? imported.get(span.expression.text) : undefined;
          if (verb && table) writes.push({ table, verb: verbOf(verb[1]!), line: lineOf(span) });
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

/** The owner a file's code writes as: its module folder, else its folder under src/, else its own name. */
export function ownerOf(path: string): string {
  const [first, second] = path.split('/');
  if (first === 'modules' && second) return second;
  return second === undefined ? first!.replace(/\.ts$/, '') : first!;
}

/** Every source file of src/, test code aside (test files, `test-*.ts` fakes, the test folder). */
const files = globSync('**/*.ts', { cwd: SRC })
  .map((file) => file.split('\\').join('/'))
  .filter((file) => !/(^|\/)test-[^/]*$|\.test\.ts$|^test\//.test(file))
  .sort();
const writes = files.map((path) => ({ path, writes: writesOf(path, readFileSync(join(SRC, path), 'utf8')) }));

describe('table ownership', () => {
  it('gives every table of the schema one owner', () => {
    expect([...TABLE_NAMES].sort()).toEqual(Object.keys(TABLE_OWNERS).sort());
  });

  it('finds the writes of the code (the check reads what it should)', () => {
    const found = writes.flatMap((file) => file.writes.map((w) => `${file.path} ${w.verb} ${w.table}`));
    expect(found.length).toBeGreaterThan(50);
    expect(found).toEqual(
      expect.arrayContaining([
        'modules/devices/service.ts insert devices',
        'modules/devices/store.ts update devices',
        'device-plane/ingest.ts insert deviceReadings',
        'modules/installations/assignments.ts delete electricianCustomers',
        'modules/users/store.ts insert users',
      ]),
    );
  });

  it('lets no module write a table it does not own', () => {
    const foreign = writes
      .filter((file) => EXCEPTIONS[file.path] === undefined)
      .flatMap(({ path, writes }) =>
        writes
          .filter((w) => TABLE_OWNERS[w.table] !== ownerOf(path))
          .map((w) => `${path}:${w.line} ${w.verb}s ${w.table} (owned by ${TABLE_OWNERS[w.table]})`),
      );
    expect(foreign).toEqual([]);
  });

  it('lists only exceptions that still write a foreign table', () => {
    for (const path of Object.keys(EXCEPTIONS)) {
      const file = writes.find((f) => f.path === path);
      expect(file, path).toBeDefined();
      expect(
        file!.writes.some((w) => TABLE_OWNERS[w.table] !== ownerOf(path)),
        path,
      ).toBe(true);
    }
  });
});

describe('the write detector', () => {
  const snippet = (code: string) =>
    writesOf(
      'modules/x/service.ts',
      `import { devices as d, users } from '../../db/schema/index.ts';\n${code}`,
    ).map((w) => `${w.verb} ${w.table}`);

  it('catches a module writing a foreign table, through Drizzle or raw SQL', () => {
    expect(snippet('await tx.update(d).set({ name: "x" });')).toEqual(['update devices']);
    expect(snippet('await db.insert(users).values(row);\nawait db.delete(users);')).toEqual([
      'insert users',
      'delete users',
    ]);
    expect(snippet('await db.execute(sql`update ${d} set name = ${name} where id = ${id}`);')).toEqual([
      'update devices',
    ]);
    expect(
      snippet(
        `sql\`UPDATE "devices" d SET pm25 = 1\`; sql.raw('insert into device_readings (x) values (1)');`,
      ),
    ).toEqual(['update devices', 'insert deviceReadings']);
    expect(snippet('sql`delete from ${users} where id = ${id}`;')).toEqual(['delete users']);
    expect(ownerOf('modules/x/service.ts')).toBe('x');
    expect(ownerOf('device-plane/ingest.ts')).toBe('device-plane');
    expect(ownerOf('leases.ts')).toBe('leases');
  });

  it('ignores reads, locks and words that only look like writes', () => {
    expect(snippet('await db.select().from(d).for("update");')).toEqual([]);
    expect(snippet('sql`select 1 from ${d} for update of d skip locked`;')).toEqual([]);
    expect(snippet('sql`insert into ${other} values (1) on conflict (id) do update set x = 1`;')).toEqual([]);
    expect(snippet('// update devices set name\nconst text = "delete from users";')).toEqual([]);
  });
});

// The card files of TheCardGoat/lorcana-simulator, read as TypeScript syntax (never executed): one row of printed facts
// per exported card object, a reprint's spread (`...lumiereFieryFriend`) followed to the card it copies. Only literal
// values are read; a card whose facts are not literals is refused with its file and line.
import { dirname, join, relative } from 'path';
import * as ts from 'typescript';
import type { LorcanaCardType, LorcanaRow } from '@matchlog/cards';

const TYPES: readonly LorcanaCardType[] = ['character', 'action', 'item', 'location'];
const INKS = ['amber', 'amethyst', 'emerald', 'ruby', 'sapphire', 'steel'];

type Literal = string | number | boolean | readonly string[];

/** A card file the table cannot be read from, with its file and line. */
export class CardFileError extends Error {}

const fail = (file: ts.SourceFile, node: ts.Node, why: string): never => {
  const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
  throw new CardFileError(`${file.fileName}:${line + 1}: ${why}`);
};

/** `x as T`, `x satisfies T`, `(x)` → x */
const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node;

const literal = (file: ts.SourceFile, node: ts.Expression): Literal => {
  const value = unwrap(node);
  if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) return value.text;
  if (ts.isNumericLiteral(value)) return Number(value.text);
  if (value.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (value.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isArrayLiteralExpression(value))
    return value.elements.map((element) => {
      const item = literal(file, element);
      return typeof item === 'string' ? item : fail(file, element, 'expected a string');
    });
  return fail(file, value, 'not a literal value: the generator reads literals only');
};

/** The properties of a card object that the table needs, read as literals. */
const FIELDS = ['id', 'name', 'version', 'cardType', 'inkType', 'set', 'cardNumber', 'cost', 'inkable', 'lore', 'strength', 'willpower'] as const;
type Field = (typeof FIELDS)[number];
type Fields = Partial<Record<Field, Literal>>;

const propertyName = (property: ts.ObjectLiteralElementLike) =>
  property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;

/** One parsed module: its top-level objects, what it imports, and what it exports (its own or re-exported). */
interface Module {
  readonly file: ts.SourceFile;
  readonly path: string;
  readonly objects: Map<string, ts.ObjectLiteralExpression>;
  readonly imports: Map<string, { readonly from: string; readonly name: string }>;
  readonly exports: Map<string, { readonly from?: string; readonly name: string }>;
  readonly stars: string[];
}

/**
 * The card files as modules, enough to follow a reprint's spread (`...lumiereFieryFriend`, imported from "../../004")
 * to the card object it copies, through the set's index files.
 */
class Modules {
  private readonly modules = new Map<string, Module | null>();
  private readonly facts = new Map<ts.ObjectLiteralExpression, Fields | 'reading'>();

  constructor(
    private readonly root: string,
    private readonly read: (path: string) => string | undefined,
  ) {}

  module(path: string): Module | null {
    if (!this.modules.has(path)) this.modules.set(path, this.parse(path));
    return this.modules.get(path) ?? null;
  }

  /** The module a relative specifier names: `x.ts` (also written `x.js`) or `x/index.ts`; null for a package (type imports only). */
  resolve(from: string, specifier: string): string | null {
    if (!specifier.startsWith('.')) return null;
    const base = join(dirname(from), specifier.replace(/\.js$/, ''));
    for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) if (this.read(candidate) !== undefined) return candidate;
    return null;
  }

  /** The object a module exports under name, following re-exports. */
  exported(path: string, name: string, seen = new Set<string>()): ts.ObjectLiteralExpression | undefined {
    const key = `${path}#${name}`;
    const module = this.module(path);
    if (!module || seen.has(key)) return undefined;
    seen.add(key);
    const named = module.exports.get(name);
    if (named) return named.from === undefined ? this.local(module, named.name, seen) : this.exported(named.from, named.name, seen);
    for (const star of module.stars) {
      const found = this.exported(star, name, seen);
      if (found) return found;
    }
    return undefined;
  }

  /** The object a name of this module stands for: its own top-level const, or an import. */
  local(module: Module, name: string, seen = new Set<string>()): ts.ObjectLiteralExpression | undefined {
    const own = module.objects.get(name);
    if (own) return own;
    const imported = module.imports.get(name);
    return imported && this.exported(imported.from, imported.name, seen);
  }

  /** The fields of a card object, its spreads resolved (later properties override earlier ones, as in JavaScript). */
  fieldsOf(module: Module, card: ts.ObjectLiteralExpression): Fields {
    const known = this.facts.get(card);
    if (known === 'reading') return fail(module.file, card, 'a card object that spreads itself');
    if (known) return known;
    this.facts.set(card, 'reading');
    const fields: Fields = {};
    for (const property of card.properties) {
      if (ts.isSpreadAssignment(property)) {
        const spread = unwrap(property.expression);
        if (!ts.isIdentifier(spread)) fail(module.file, property, 'a spread of something else than a card: its facts cannot be read as literals');
        const base = this.local(module, (spread as ts.Identifier).text);
        if (!base) fail(module.file, property, `the spread ${(spread as ts.Identifier).text} names no card object the generator can find`);
        Object.assign(fields, this.fieldsOf(this.moduleOf(base as ts.ObjectLiteralExpression), base as ts.ObjectLiteralExpression));
        continue;
      }
      const name = propertyName(property) as Field | undefined;
      if (name === undefined || !FIELDS.includes(name)) continue;
      if (!ts.isPropertyAssignment(property)) fail(module.file, property, `${name}: expected a plain property`);
      fields[name] = literal(module.file, (property as ts.PropertyAssignment).initializer);
    }
    this.facts.set(card, fields);
    return fields;
  }

  /** The exported card objects of a card file: an object with an `id` and a `cardType` or a spread of another card. */
  cardsOf(path: string): { module: Module; card: ts.ObjectLiteralExpression }[] {
    const module = this.module(path);
    if (!module) return [];
    return [...module.exports.values()]
      .filter((entry) => entry.from === undefined)
      .map((entry) => module.objects.get(entry.name))
      .filter((card): card is ts.ObjectLiteralExpression => card !== undefined)
      .filter((card) => {
        const names = card.properties.map(propertyName);
        return names.includes('id') && (names.includes('cardType') || card.properties.some(ts.isSpreadAssignment));
      })
      .map((card) => ({ module, card }));
  }

  private moduleOf(node: ts.Node): Module {
    return this.module(join(this.root, node.getSourceFile().fileName)) as Module;
  }

  private parse(path: string): Module | null {
    const source = this.read(path);
    if (source === undefined) return null;
    const file = ts.createSourceFile(relative(this.root, path), source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    const module: Module = { file, path, objects: new Map(), imports: new Map(), exports: new Map(), stars: [] };
    const resolve = (specifier: ts.Expression) => (ts.isStringLiteral(specifier) ? this.resolve(path, specifier.text) : null);
    for (const statement of file.statements) {
      if (ts.isVariableStatement(statement)) {
        const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
        for (const declaration of statement.declarationList.declarations) {
          const value = declaration.initializer && unwrap(declaration.initializer);
          if (!ts.isIdentifier(declaration.name) || !value || !ts.isObjectLiteralExpression(value)) continue;
          module.objects.set(declaration.name.text, value);
          if (exported) module.exports.set(declaration.name.text, { name: declaration.name.text });
        }
      } else if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
        const from = resolve(statement.moduleSpecifier);
        const bindings = statement.importClause?.namedBindings;
        if (from && bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) module.imports.set(element.name.text, { from, name: (element.propertyName ?? element.name).text });
      } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
        const from = statement.moduleSpecifier ? resolve(statement.moduleSpecifier) : undefined;
        if (from === null) continue;
        const clause = statement.exportClause;
        if (!clause) {
          if (from) module.stars.push(from);
        } else if (ts.isNamedExports(clause)) {
          for (const element of clause.elements) module.exports.set(element.name.text, { from, name: (element.propertyName ?? element.name).text });
        }
      }
    }
    return module;
  }
}

const integer = (file: ts.SourceFile, node: ts.Node, value: Literal | undefined, what: string, optional = false): number | null => {
  if (value === undefined && optional) return null;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fail(file, node, `${what}: expected a whole number, got ${JSON.stringify(value)}`);
};

const text = (file: ts.SourceFile, node: ts.Node, value: Literal | undefined, what: string): string =>
  typeof value === 'string' && value.trim() !== '' ? value : fail(file, node, `${what}: expected text, got ${JSON.stringify(value)}`);

const rowOf = (file: ts.SourceFile, card: ts.ObjectLiteralExpression, f: Fields): LorcanaRow => {
  const type = f.cardType;
  if (!TYPES.includes(type as LorcanaCardType)) fail(file, card, `cardType: ${JSON.stringify(type)}`);
  const inks = typeof f.inkType === 'string' ? [f.inkType] : f.inkType;
  if (!Array.isArray(inks) || inks.length < 1 || inks.length > 2 || !inks.every((ink) => INKS.includes(ink))) fail(file, card, `inkType: ${JSON.stringify(f.inkType)}`);
  if (typeof f.inkable !== 'boolean') fail(file, card, `inkable: ${JSON.stringify(f.inkable)}`);
  const id = text(file, card, f.id, 'id');
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(id)) fail(file, card, `id: ${JSON.stringify(id)}`);
  const set = text(file, card, f.set, 'set');
  if (!/^[A-Z0-9]{1,4}$/.test(set)) fail(file, card, `set: ${JSON.stringify(set)}`);
  const version = f.version === undefined || f.version === '' ? null : text(file, card, f.version, 'version');
  const character = type === 'character';
  const location = type === 'location';
  return [
    id,
    text(file, card, f.name, 'name').trim(),
    version === null ? null : version.trim(),
    set,
    integer(file, card, f.cardNumber, 'cardNumber') as number,
    type as LorcanaCardType,
    (inks as string[]).join('/'),
    integer(file, card, f.cost, 'cost') as number,
    f.inkable as boolean,
    integer(file, card, f.lore, 'lore', !character && !location),
    integer(file, card, f.strength, 'strength', !character),
    integer(file, card, f.willpower, 'willpower', !character && !location),
  ];
};

/**
 * The rows of the card files (paths under root), in the order given; read(path) gives a file's text, or undefined when
 * there is none (how imports are resolved).
 */
export const cardRows = (root: string, files: readonly string[], read: (path: string) => string | undefined): LorcanaRow[] => {
  const modules = new Modules(root, read);
  return files.flatMap((path) => modules.cardsOf(path).map(({ module, card }) => rowOf(module.file, card, modules.fieldsOf(module, card))));
};

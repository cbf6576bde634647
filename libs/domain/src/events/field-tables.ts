import { Fields, Spec } from './descriptor';
import { eventTypes } from './events';
import { exactlyOneOf, vocabulary } from './vocabulary';

/** docs/reference/events.md's field tables, rendered from the vocabulary; `npm run docs:events` writes them between these markers. */
export const FIELD_TABLES_START = '<!-- event-fields:start (generated from libs/domain/src/events/vocabulary.ts by npm run docs:events) -->';
export const FIELD_TABLES_END = '<!-- event-fields:end -->';

const quoted = (values: readonly string[]) => values.map((v) => `\`"${v}"\``).join(' \\| ');

const typeOf = (spec: Spec): string => {
  switch (spec.kind) {
    case 'string': {
      const what = spec.values
        ? quoted(spec.values)
        : spec.listed
          ? quoted(spec.listed)
          : (spec.patternHint ?? (spec.maxLength !== undefined ? `string, 1–${spec.maxLength} characters` : 'string'));
      return spec.nullable ? `${what} \\| \`null\`` : what;
    }
    case 'integer':
      if (spec.values !== undefined) return spec.values.map((v) => `\`${v}\``).join(' \\| ');
      return spec.maximum === undefined ? `integer ≥ ${spec.minimum}` : `integer, ${spec.minimum} to ${spec.maximum}`;
    case 'boolean':
      return 'boolean';
    case 'position':
      return `${quoted(['top', 'bottom'])} \\| integer ≥ 0`;
    case 'array':
      return `[${spec.items.kind === 'object' && spec.items.name === undefined ? 'object' : typeOf(spec.items)}], ${spec.minItems ?? 0} to ${spec.maxItems}`;
    case 'object':
      return spec.name ?? 'object';
  }
};

/** Rows of a field and, for an object no name stands for, of its fields (`players[].id`). */
const rows = (fields: Fields, prefix = ''): string[] =>
  Object.entries(fields).flatMap(([name, field]) => {
    const own = `| \`${prefix}${name}${field.optional ? '?' : ''}\` | ${typeOf(field.spec)} | ${field.doc ?? ''} |`;
    const spec = field.spec;
    const inner =
      spec.kind === 'object' && spec.name === undefined ? spec : spec.kind === 'array' && spec.items.kind === 'object' && spec.items.name === undefined ? spec.items : undefined;
    return inner?.kind === 'object' ? [own, ...rows(inner.fields, `${prefix}${name}${spec.kind === 'array' ? '[]' : ''}.`)] : [own];
  });

const exclusionLines = (type: keyof typeof vocabulary): string[] =>
  (exactlyOneOf[type] ?? []).map((group, i) => `${i === 0 ? '\n' : ''}Exactly one of ${group.map((name) => `\`${name}\``).join(' and ')}.`);

export const renderFieldTables = (): string =>
  [
    FIELD_TABLES_START,
    ...eventTypes.flatMap((type) => ['', `### ${type}`, '', '| field | type | |', '| --- | --- | --- |', ...rows(vocabulary[type]), ...exclusionLines(type)]),
    '',
    FIELD_TABLES_END,
  ].join('\n');

/** The markdown with its field tables replaced by freshly rendered ones; throws when the markers are missing. */
export const withFieldTables = (markdown: string): string => {
  const start = markdown.indexOf(FIELD_TABLES_START);
  const end = markdown.indexOf(FIELD_TABLES_END);
  if (start < 0 || end < start) throw new Error('docs/reference/events.md has no field-table markers');
  return markdown.slice(0, start) + renderFieldTables() + markdown.slice(end + FIELD_TABLES_END.length);
};

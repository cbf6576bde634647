import type { CardTable } from '../card-table';
import type { GrandArchiveCard } from '../grand-archive/grand-archive-card';
import { grandArchivePrinted } from '../grand-archive/grand-archive-card';
import { MAX_COUNT, MAX_LINE_LENGTH } from './parse-deck-list';
import { DeckSection, ResolvedDeckList, SectionEntry, SectionMalformed, resolveEntries } from './resolve-deck-list';

/** The headings of an Omnidex export, by the section they open. */
const HEADINGS: Readonly<Record<string, DeckSection>> = { 'material deck': 'material', 'main deck': 'main', sideboard: 'sideboard' };
const HEADING = /^#\s*(.+?)\s*:?$/;
const CARD_LINE = /^(\d{1,2})\s*[xX×]?\s+(\S.*)$/u;
/** The deck-site JSON's lists, by the section they hold. */
const SITE_SECTIONS: Readonly<Record<string, DeckSection>> = { material: 'material', main: 'main', sideboard: 'sideboard' };

export interface ParsedSections {
  readonly entries: readonly SectionEntry[];
  readonly malformed: readonly SectionMalformed[];
}

/**
 * Reads an Omnidex export: `# Material Deck`, `# Main Deck` and `# Sideboard` headings, each followed by `N Card Name`
 * lines ("4x" also read). Lines before any heading are the main deck's; blank lines, `//` comments and other `#` lines
 * are skipped. Names are not looked up here.
 */
export const parseOmnidexText = (text: string): ParsedSections => {
  const entries: SectionEntry[] = [];
  const malformed: SectionMalformed[] = [];
  let section: DeckSection = 'main';
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('//')) return;
    const heading = HEADING.exec(trimmed);
    if (heading) {
      section = HEADINGS[heading[1].toLowerCase()] ?? section;
      return;
    }
    const match = trimmed.length <= MAX_LINE_LENGTH ? CARD_LINE.exec(trimmed) : null;
    const count = match ? Number(match[1]) : 0;
    if (!match || count < 1 || count > MAX_COUNT) malformed.push({ line, text: trimmed.slice(0, MAX_LINE_LENGTH), section });
    else entries.push({ line, text: trimmed, count, name: match[2].trim(), section });
  });
  return { entries, malformed };
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a value has the deck-site JSON's shape: `{ cards: { main?, material?, sideboard?: [...] } }`. */
export const isDeckSiteJson = (value: unknown): value is { cards: Record<string, unknown> } => isRecord(value) && isRecord(value.cards);

/**
 * Reads a deck site's JSON, `{ cards: { main | material | sideboard: [{ quantity, name, uuid }] } }`: each entry's line is
 * its 1-based place in its section's list, its text its name (or uuid). A card is found by its uuid where the table has
 * it, else by name. Other keys are ignored; an entry without a quantity of 1–99 or a name or uuid is malformed.
 */
export const parseDeckSiteJson = (json: { cards: Record<string, unknown> }): ParsedSections => {
  const entries: SectionEntry[] = [];
  const malformed: SectionMalformed[] = [];
  for (const [key, section] of Object.entries(SITE_SECTIONS)) {
    const list = json.cards[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      malformed.push({ line: 0, text: `cards.${key} is not a list`, section });
      continue;
    }
    list.forEach((item: unknown, i) => {
      const line = i + 1;
      const name = isRecord(item) && typeof item.name === 'string' ? item.name.trim().slice(0, MAX_LINE_LENGTH) : '';
      const uuid = isRecord(item) && typeof item.uuid === 'string' ? item.uuid.slice(0, 40) : undefined;
      const count = isRecord(item) ? item.quantity : undefined;
      const text = name !== '' ? name : (uuid ?? JSON.stringify(item ?? null).slice(0, MAX_LINE_LENGTH));
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_COUNT || (name === '' && uuid === undefined)) malformed.push({ line, text, section });
      else entries.push({ line, text, count, name: name !== '' ? name : uuid!, section, ...(uuid !== undefined && { id: uuid }) });
    });
  }
  return { entries, malformed };
};

/** A Grand Archive deck list, as Omnidex text or deck-site JSON, named from the table with each card's section and printed facts. */
export const resolveGrandArchiveDeckList = (list: string | { cards: Record<string, unknown> }, table: CardTable<GrandArchiveCard>): ResolvedDeckList => {
  const { entries, malformed } = typeof list === 'string' ? parseOmnidexText(list) : parseDeckSiteJson(list);
  return resolveEntries(entries, malformed, table, grandArchivePrinted);
};

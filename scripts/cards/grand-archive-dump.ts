// Reads OotTheMonk/GrandArchiveOnline's GeneratedCode/GeneratedCardDictionaries.php: one PHP function per fact
// (CardName, CardTypes, CardMemoryCost …), each a trie of `switch($cardID[i])` on the card's uuid whose leaves
// `return` the fact. The file is read as text, never executed; only the facts listed in FACTS are taken.
import type { GrandArchiveRow } from '@matchlog/cards';

export class DumpError extends Error {}

/** The functions read, by the fact they hold. Rules text (and the dump's HasFloatingMemory, read from it) is not taken. */
export const FACTS = {
  name: 'CardName',
  types: 'CardTypes',
  classes: 'CardClasses',
  subtypes: 'CardSubTypes',
  element: 'CardElement',
  memoryCost: 'CardMemoryCost',
  reserveCost: 'CardReserveCost',
  level: 'CardLevel',
  power: 'CardPower',
  life: 'CardLife',
  durability: 'CardDurability',
  speed: 'CardSpeed',
} as const;

type Fact = keyof typeof FACTS;
type Leaf = string | number | boolean;

const FUNCTION = /^function (\w+)\(\$cardID\) \{$/;
const SWITCH = /^switch\(\$cardID\[(\d+)\]\) \{$/;
const CASE = /^case "(.)":$/u;
const RETURN = /^return (.*?);(?:\/\/.*)?$/;
const DEFAULT = /^default: return .*;$/;

const leaf = (text: string, where: string): Leaf => {
  if (/^"[^"\\]*"$/.test(text)) return text.slice(1, -1);
  if (/^-?\d+$/.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  throw new DumpError(`${where}: "return ${text}" is not a literal string, integer or boolean`);
};

/** Every function of the file: its name, and each key the trie spells out to the value it returns. */
export const readTries = (php: string): Map<string, Map<string, Leaf>> => {
  const tries = new Map<string, Map<string, Leaf>>();
  let current: Map<string, Leaf> | undefined;
  const key: string[] = [];
  let depth = -1;
  php.split(/\r\n|\n/).forEach((raw, i) => {
    const line = raw.trim();
    const where = `line ${i + 1}`;
    let m: RegExpExecArray | null;
    if (line === '' || line === '<?php' || line === '?>') return;
    if ((m = FUNCTION.exec(line))) {
      current = new Map();
      tries.set(m[1], current);
      depth = -1;
    } else if (!current) throw new DumpError(`${where}: "${line.slice(0, 60)}" outside a function`);
    else if ((m = SWITCH.exec(line))) depth = Number(m[1]);
    else if ((m = CASE.exec(line))) key[depth] = m[1];
    else if (DEFAULT.test(line)) return;
    else if ((m = RETURN.exec(line))) current.set(key.slice(0, depth + 1).join(''), leaf(m[1], where));
    else if (line === '}') depth = Math.max(depth - 1, -1);
    else throw new DumpError(`${where}: "${line.slice(0, 60)}" is not part of a generated card dictionary`);
  });
  return tries;
};

const text = (value: Leaf | undefined) => (typeof value === 'string' ? value : '');
const list = (value: Leaf | undefined) => (typeof value === 'string' && value !== '' ? value.split(',') : []);
/** The generator writes -1 for "none" (and, by PHP's `== null`, for 0 too: see docs/reference/cards.md). */
const count = (value: Leaf | undefined) => (typeof value === 'number' && value >= 0 ? value : null);

/**
 * One row per uuid that CardName names, sorted by name then uuid. Every card has a cost (Comprehensive Rules, "Parts of a
 * Card": "All cards have a Name, Cost, Type, Class, and Element"), so a card the dump gives neither cost has a cost of 0
 * the generator wrote as none: a memory cost for a material card (champion, regalia), a reserve cost otherwise.
 */
export const dumpRows = (php: string): GrandArchiveRow[] => {
  const tries = readTries(php);
  const trie = (fact: Fact) => {
    const found = tries.get(FACTS[fact]);
    if (!found) throw new DumpError(`the file has no function ${FACTS[fact]}: is it GeneratedCardDictionaries.php?`);
    return found;
  };
  const facts = Object.fromEntries((Object.keys(FACTS) as Fact[]).map((fact) => [fact, trie(fact)])) as Record<Fact, Map<string, Leaf>>;
  const rows: GrandArchiveRow[] = [];
  for (const [uuid, name] of facts.name) {
    if (typeof name !== 'string' || name === '') continue;
    if (!/^[0-9a-z]{10}$/i.test(uuid)) throw new DumpError(`CardName has a key "${uuid}" that is not a ten-character uuid`);
    const types = list(facts.types.get(uuid));
    const material = types.includes('CHAMPION') || types.includes('REGALIA');
    let memory = count(facts.memoryCost.get(uuid));
    let reserve = count(facts.reserveCost.get(uuid));
    if (memory === null && reserve === null) [memory, reserve] = material ? [0, null] : [null, 0];
    rows.push([
      uuid,
      name,
      '',
      0,
      types,
      list(facts.classes.get(uuid)),
      list(facts.subtypes.get(uuid)),
      text(facts.element.get(uuid)),
      memory,
      reserve,
      types.includes('CHAMPION') ? count(facts.level.get(uuid)) : null,
      count(facts.power.get(uuid)),
      count(facts.life.get(uuid)),
      count(facts.durability.get(uuid)),
      facts.speed.get(uuid) === 1 ? 'fast' : null,
    ]);
  }
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows.sort((a, b) => byText(a[1], b[1]) || byText(a[0], b[0]));
};

import { DumpError, dumpRows, readTries } from '../scripts/cards/grand-archive-dump';
import { apiRow } from '../scripts/cards/grand-archive-api';

/** The shape GrandArchiveOnline's generator writes: a trie of switches on the uuid, `-1` for none, CRLF line ends. */
const trie = (name: string, leaves: Record<string, string>, fallback: string) =>
  [
    `function ${name}($cardID) {`,
    'switch($cardID[0]) {',
    ...Object.entries(leaves).flatMap(([uuid, value]) => [
      `case "${uuid[0]}":`,
      ...uuid
        .slice(1)
        .split('')
        .flatMap((char, i) => [`switch($cardID[${i + 1}]) {`, `case "${char}":`]),
      `return ${value};`,
      ...uuid
        .slice(1)
        .split('')
        .flatMap(() => [`default: return ${fallback};`, '}']),
    ]),
    `default: return ${fallback};`,
    '}',
    '}',
  ].join('\r\n');

const FACTS: [string, Record<string, string>, string][] = [
  ['CardName', { LMyKyVC2O9: '"Spirit of Fire"', RIVahUIQVD: '"Fireball"' }, '""'],
  ['CardTypes', { LMyKyVC2O9: '"CHAMPION"', RIVahUIQVD: '"ACTION"' }, '""'],
  ['CardClasses', { LMyKyVC2O9: '"SPIRIT"', RIVahUIQVD: '"MAGE"' }, '""'],
  ['CardSubTypes', { LMyKyVC2O9: '"SPIRIT"', RIVahUIQVD: '"MAGE,SPELL"' }, '""'],
  ['CardElement', { LMyKyVC2O9: '"FIRE"', RIVahUIQVD: '"FIRE"' }, '""'],
  ['CardMemoryCost', { LMyKyVC2O9: '-1', RIVahUIQVD: '-1' }, '-1'],
  ['CardReserveCost', { LMyKyVC2O9: '-1', RIVahUIQVD: '4' }, '-1'],
  ['CardLevel', { LMyKyVC2O9: '0', RIVahUIQVD: '0' }, '-1'],
  ['CardPower', { LMyKyVC2O9: '-1', RIVahUIQVD: '-1' }, '-1'],
  ['CardLife', { LMyKyVC2O9: '15', RIVahUIQVD: '-1' }, '-1'],
  ['CardDurability', { LMyKyVC2O9: '-1', RIVahUIQVD: '-1' }, '-1'],
  ['CardSpeed', { LMyKyVC2O9: '-1', RIVahUIQVD: '1' }, '-1'],
];
const PHP = ['<?php', ...FACTS.map(([name, leaves, fallback]) => trie(name, leaves, fallback)), '?>'].join('\r\n');

describe("GrandArchiveOnline's generated card dictionaries", () => {
  it('reads each function as the uuids its trie spells and the values they return', () => {
    expect(readTries(PHP).get('CardName')).toEqual(
      new Map([
        ['LMyKyVC2O9', 'Spirit of Fire'],
        ['RIVahUIQVD', 'Fireball'],
      ]),
    );
  });

  it('makes a row per named card: -1 is none, a level only for champions, a cost of 0 where the dump wrote none, speed 1 fast', () => {
    expect(dumpRows(PHP)).toEqual([
      ['RIVahUIQVD', 'Fireball', '', 0, ['ACTION'], ['MAGE'], ['MAGE', 'SPELL'], 'FIRE', null, 4, null, null, null, null, 'fast'],
      ['LMyKyVC2O9', 'Spirit of Fire', '', 0, ['CHAMPION'], ['SPIRIT'], ['SPIRIT'], 'FIRE', 0, null, 0, null, 15, null, null],
    ]);
  });

  it('stops on a line that is not part of a generated dictionary, or a missing function', () => {
    expect(() => readTries(PHP.replace('return 15;', 'return CardLife2($cardID);'))).toThrow(DumpError);
    expect(() => dumpRows(PHP.replace('function CardSpeed', 'function CardSpeedy'))).toThrow(/no function CardSpeed/);
  });
});

describe("the API's cards", () => {
  it("takes a card's facts and its first edition's set and number, never its text", () => {
    const row = apiRow({
      uuid: 'abcde12345',
      name: 'Crescent Glaive',
      types: ['REGALIA', 'WEAPON'],
      classes: ['WARRIOR'],
      subtypes: ['WARRIOR', 'POLEARM'],
      element: 'NORM',
      cost_memory: 1,
      cost_reserve: null,
      durability: 3,
      power: 0,
      speed: null,
      editions: [{ collector_number: '010', set: { prefix: 'AMB' } }],
      effect: 'rules text',
    } as never);
    expect(row).toEqual(['abcde12345', 'Crescent Glaive', 'AMB', 10, ['REGALIA', 'WEAPON'], ['WARRIOR'], ['WARRIOR', 'POLEARM'], 'NORM', 1, null, null, 0, null, 3, null]);
  });
});

import { MatchEvent } from '@matchlog/domain';
import { event } from '@matchlog/testkit';
import { foldValid } from '../../domain/test/support/given';
import { lorcanaTable, lorcanaTableWithBroadcast } from '../../domain/test/support/tables';
import { selfAudit } from '../src/self-audit';

/** A judge's ruling, in free text every audience receives, while Lyle Tiberius Rourke - Cunning Mercenary is in p1's hidden hand. */
const ruling = (reason: string): MatchEvent[] => {
  const events = [lorcanaTableWithBroadcast(), event('TimeExtended', { seconds: 60, reason })];
  foldValid(events);
  return events;
};

/** The audiences the self-audit finds a leak of Lyle Tiberius Rourke to (in the observation, the view or both). */
const leakedTo = (reason: string, definition = 'Lyle Tiberius Rourke - Cunning Mercenary') => {
  const findings = selfAudit(ruling(reason));
  expect(findings.every(({ code }) => code === 'SELF_AUDIT_LEAK')).toBe(true);
  return [...new Set(findings.filter(({ message }) => message.includes(`"${definition}"`)).flatMap(({ players }) => players))].sort();
};

const FULLWIDTH_L = '\uFF2C';
const ZERO_WIDTH = '\u200B';

/** The six usual spellings (short name, subtitle alone, en dash, double space, zero-width space, fullwidth letter) and case, over the full name, the short name and the subtitle. */
const SPELLINGS: [string, string][] = [
  ['full name', 'Lyle Tiberius Rourke - Cunning Mercenary'],
  ['full name, en dash', 'Lyle Tiberius Rourke – Cunning Mercenary'],
  ['full name, em dash', 'Lyle Tiberius Rourke—Cunning Mercenary'],
  ['full name, double space', 'Lyle Tiberius  Rourke -  Cunning Mercenary'],
  ['full name, zero-width space', `Lyle Tibe${ZERO_WIDTH}rius Rourke - Cunning Mercenary`],
  ['full name, fullwidth letter', `${FULLWIDTH_L}yle Tiberius Rourke - Cunning Mercenary`],
  ['full name, lower case', 'lyle tiberius rourke - cunning mercenary'],
  ['full name, upper case', 'LYLE TIBERIUS ROURKE - CUNNING MERCENARY'],
  ['short name', 'Lyle Tiberius Rourke'],
  ['short name, double space', 'Lyle  Tiberius Rourke'],
  ['short name, zero-width space', `Lyle Tiberius${ZERO_WIDTH} Rourke`],
  ['short name, fullwidth letter', `${FULLWIDTH_L}yle Tiberius Rourke`],
  ['short name, lower case', 'lyle tiberius rourke'],
  ['short name, upper case', 'LYLE TIBERIUS ROURKE'],
  ['subtitle', 'Cunning Mercenary'],
  ['subtitle, double space', 'Cunning  Mercenary'],
  ['subtitle, zero-width space', `Cunning Merc${ZERO_WIDTH}enary`],
  ['subtitle, fullwidth letter', 'Cunning \uFF2Dercenary'],
  ['subtitle, lower case', 'cunning mercenary'],
  ['subtitle, upper case', 'CUNNING MERCENARY'],
];

describe('self-audit: free text that names a hidden card, however it is spelled', () => {
  it('has the twenty spellings', () => expect(new Set(SPELLINGS.map(([, spelling]) => spelling)).size).toBe(20));

  it.each(SPELLINGS)('finds the %s in "a ruling on …", for each audience that cannot know the card', (_, spelling) => {
    expect(leakedTo(`a ruling on ${spelling}, then play resumed`)).toEqual(['p2', 'public']);
  });

  it('matches whole words only: a card named like a common word is not found inside a longer word ("Stitch" in "stitches")', () => {
    expect(selfAudit(ruling('the sleeve stitches came loose; a new sleeve was given'))).toEqual([]);
    // Stitch - Rock Star is in p1's deck: no audience but the judge knows it
    expect(leakedTo('a ruling on Stitch', 'Stitch - Rock Star')).toEqual(['broadcast', 'p1', 'p2', 'public']);
  });

  it("does not take a player's name for a card: a short name or subtitle in a name every audience reads is not searched alone", () => {
    const table = lorcanaTable();
    const named = {
      ...table,
      data: {
        ...table.data,
        players: [
          { id: 'p1', name: 'Stitch' },
          { id: 'p2', name: 'Rock Star Rita' },
        ],
      },
    };
    expect(selfAudit([named])).toEqual([]);
    // the whole name is still found
    expect(selfAudit([named, event('TimeExtended', { seconds: 60, reason: 'Stitch - Rock Star' })]).length).toBeGreaterThan(0);
  });

  it('finds nothing in ordinary words nor in a word of a subtitle; a leak is reported only to the audiences that cannot know the card', () => {
    expect(selfAudit(ruling('slow play warning: the player took too long to choose a target'))).toEqual([]);
    // a word of a subtitle is not the subtitle ("Brave Little Tailor")
    expect(selfAudit(ruling('the tailor of the venue fixed a sleeve'))).toEqual([]);
    // Lyle Tiberius Rourke is in p1's hand: p1 and the broadcast (which shows the hands) know it
    expect(leakedTo('Cunning Mercenary')).toEqual(['p2', 'public']);
  });
});

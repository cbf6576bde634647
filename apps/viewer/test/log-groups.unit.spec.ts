import { JUDGE, MatchEvent, PUBLIC, Replay } from '@matchlog/domain';
import { Entropy, convertTcgOnlineReplay, importedEvents, decideReplayImport, stepRevisions } from '@matchlog/matches';
import { sharedReplays } from '@matchlog/testkit';
import { loadLanguage, setLanguage } from '../src/i18n';
import { groupKey, groupSentence } from '../src/sentence';

// the Spanish words are a chunk of their own, fetched before a page speaks them
beforeAll(() => loadLanguage('es'));

type Observed = { type: string; [field: string]: unknown };

/** Counts up: the n-th draw is n in every byte; ids are u1, u2, … */
const countingEntropy = (): Entropy => {
  let draws = 0;
  return { uuid: () => `u${++draws}`, hex: (bytes) => (++draws).toString(16).padStart(2, '0').repeat(bytes) };
};

/** A real game (replay 02: Goofy/Lilo vs ink, 74 steps), imported as the server imports it. */
const replay = sharedReplays().find((entry) => entry.name.startsWith('02-') && entry.name.endsWith('.replay.json'))!;
const converted = convertTcgOnlineReplay(replay.json);
if (!converted.ok) throw new Error(converted.refusal.message);
const sealed = decideReplayImport(converted.created, converted.createdAt, importedEvents(converted), 'organizer', countingEntropy());
if (!sealed.ok) throw new Error(sealed.error.message);
const events: readonly MatchEvent[] = sealed.events;
const steps = stepRevisions(converted);
const names = new Map(converted.created.cards.map((card) => [card.cardId, card.definition ?? null]));

/** The log's entries as action-log.ts folds them: a revision joins the one before when groupKey says they are one action. */
const entriesOf = (audience: string) => {
  const entries: { revisions: number[]; observations: Observed[] }[] = [];
  for (const { revision, observation } of new Replay(events).observations(audience, 0, events.length) as { revision: number; observation: Observed }[]) {
    const last = entries.at(-1);
    const key = groupKey(observation);
    if (last !== undefined && key !== null && groupKey(last.observations[0]) === key) {
      last.revisions.push(revision);
      last.observations.push(observation);
    } else entries.push({ revisions: [revision], observations: [observation] });
  }
  return entries.map((entry) => ({
    ...entry,
    sentence: groupSentence(
      entry.observations,
      (player) => player,
      (id) => names.get(id) ?? null,
    ),
  }));
};

/** The revisions of each step at which the public sees a card in an inkwell exerted: the ink that step paid. */
const publicAt = new Map((new Replay(events).observations(PUBLIC, 0, events.length) as { revision: number; observation: Observed }[]).map((o) => [o.revision, o.observation]));
const inkPaid = steps.map(({ step, from, to }) => ({
  step,
  revisions: Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((revision) => {
    const o = publicAt.get(revision)!;
    return o.type === 'CardStatusChanged' && (o.zone as { zone: string }).zone === 'inkwell' && (o.card as { exerted?: boolean }).exerted === true;
  }),
}));

describe("the log: one sentence for what one action did (issue 36, 'A card is exerted' five times for the ink paid)", () => {
  beforeAll(() => setLanguage('en'));

  it('says the ink a card cost once: "Ink paid: n cards exerted", over the revisions of that step', () => {
    const entries = entriesOf(PUBLIC);
    const paid = entries.filter((entry) => entry.sentence.startsWith('Ink paid'));
    expect(paid.length).toBeGreaterThan(5);
    for (const entry of paid) {
      expect(entry.sentence).toBe(`Ink paid: ${entry.revisions.length} cards exerted`);
      // one step of the replay made them all, and they are every inkwell exert of that step
      const step = steps.find(({ from, to }) => from <= entry.revisions[0] && entry.revisions.at(-1)! <= to)!;
      expect(step).toBeDefined();
      expect(inkPaid.find((s) => s.step === step.step)!.revisions).toEqual(entry.revisions);
    }
    // never the same sentence for the same zone twice in a row
    entries.slice(1).forEach((entry, i) => {
      if (entry.sentence === 'A card is exerted') expect(entries[i].sentence).not.toBe('A card is exerted');
    });
    // every revision is in exactly one entry
    expect(entries.flatMap((entry) => entry.revisions)).toEqual(events.map((_, i) => i + 1));
  });

  it('gives the judge, who knows the cards, one sentence per step that names them', () => {
    const entries = entriesOf(JUDGE);
    const grouped = entries.filter((entry) => entry.revisions.length > 1);
    expect(grouped.length).toBeGreaterThan(5);
    for (const entry of grouped) {
      expect(entry.sentence).toMatch(new RegExp(`^${entry.revisions.length} cards are (exerted|ready): `));
      const stepsOf = new Set(entry.revisions.map((revision) => events[revision - 1].meta?.step));
      expect(stepsOf.size).toBe(1);
    }
  });

  it('reads a lone status change as before', () => {
    expect(groupSentence([{ type: 'CardStatusChanged', zone: { zone: 'inkwell', player: 'p1' }, card: { handle: 'h1', exerted: true } }], (p) => p)).toBe('A card is exerted');
    setLanguage('es');
    const two = [1, 2].map((n) => ({ type: 'CardStatusChanged', zone: { zone: 'inkwell', player: 'p1' }, card: { handle: `h${n}`, exerted: true } }));
    expect(groupSentence(two, (p) => p)).toBe('Tinta pagada: 2 cartas agotadas');
    setLanguage('en');
  });
});

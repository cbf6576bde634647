import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';
import { MatchEvent, MatchState, emptyMatch, evolve, validate } from '@matchlog/domain';
import { codes, findingCodes, messages, ruleFindings } from '../src/findings';
import { parseJsonLines } from '../src/chain/json-lines';
import { pinnedKeysOf } from '../src/chain/signed-head';
import { verifyLog } from '../src/chain/verify-log';

/**
 * The corpus under examples/audit/: one clean log per game, and one log per finding with exactly
 * that violation planted, named after its code. Every finding is asserted by code, rule and revision.
 */
const corpus = join(__dirname, '..', '..', '..', 'examples', 'audit');

const expected: Record<string, readonly { code: string; rule: string; revision: number }[]> = {
  'lorcana/clean.jsonl': [],
  'lorcana/look-without-effect.jsonl': [{ code: 'LOOK_WITHOUT_EFFECT', rule: 'lorcana 7.1.3', revision: 4 }],
  'lorcana/deck-order-changed.jsonl': [{ code: 'DECK_ORDER_CHANGED', rule: 'lorcana 7.2.2', revision: 4 }],
  'lorcana/failed-to-find-public.jsonl': [{ code: 'FAILED_TO_FIND_PUBLIC', rule: 'lorcana 7.1.4', revision: 4 }],
  'lorcana/bag-out-of-order.jsonl': [{ code: 'BAG_OUT_OF_ORDER', rule: 'lorcana 7.7.4', revision: 6 }],
  'lorcana/resolved-during-action.jsonl': [{ code: 'RESOLVED_DURING_ACTION', rule: 'lorcana 7.1.6.1', revision: 7 }],
  'lorcana/inked-face-up.jsonl': [{ code: 'INKED_FACE_UP', rule: 'lorcana 7.5.2, 7.5.6', revision: 4 }],
  'lorcana/turns-after-time-exceeded.jsonl': [
    {
      code: 'TURNS_AFTER_TIME_EXCEEDED',
      rule: 'Disney Lorcana Tournament Rules, end-of-match procedure (Swiss): the active player finishes the turn, then 5 more turns',
      revision: 9,
    },
  ],
  'lorcana/played-after-win.jsonl': [{ code: 'PLAYED_AFTER_WIN', rule: 'Disney Lorcana Tournament Rules, winning a game (20 lore)', revision: 4 }],
  'lorcana/result-disagrees-with-counters.jsonl': [{ code: 'RESULT_DISAGREES_WITH_COUNTERS', rule: 'Disney Lorcana Tournament Rules, winning a game (20 lore)', revision: 5 }],
  'lorcana/slow-turn.jsonl': [{ code: 'SLOW_TURN', rule: 'matchlog organizer setting MATCHLOG_SLOW_TURN_SECONDS', revision: 2 }],
  'lorcana/correction.jsonl': [{ code: 'CORRECTION', rule: 'matchlog correction', revision: 4 }],
  'lorcana/correction-of-unknown-event.jsonl': [{ code: 'CORRECTION_OF_UNKNOWN_EVENT', rule: 'matchlog correction', revision: 4 }],
  // paper matches: decks as registered lists, cards named as they are seen
  'lorcana/named-beyond-list.jsonl': [{ code: 'NAMED_BEYOND_LIST', rule: 'matchlog deck list', revision: 9 }],
  'lorcana/opening-hand-not-seven.jsonl': [{ code: 'OPENING_HAND_NOT_SEVEN', rule: 'lorcana 7.3.1', revision: 6 }],
  'lorcana/drawn-from-other-deck.jsonl': [{ code: 'DRAWN_FROM_OTHER_DECK', rule: 'lorcana 7.2.1', revision: 3 }],
  'lorcana/deck-card-face-up.jsonl': [{ code: 'DECK_CARD_FACE_UP', rule: 'lorcana 7.2.2', revision: 3 }],
  'lorcana/played-into-opponent-play.jsonl': [{ code: 'PLAYED_INTO_OPPONENT_PLAY', rule: 'lorcana 7.4.1', revision: 3 }],
  // the exert recorded in the same moment as the entry (moment.ts): reported once the log has no more of that moment
  'lorcana/inked-exerted.jsonl': [{ code: 'INKED_EXERTED', rule: 'lorcana 7.5.2', revision: 4 }],
  'lorcana/ink-card-face-up.jsonl': [{ code: 'INK_CARD_FACE_UP', rule: 'lorcana 7.5.4', revision: 4 }],
  'lorcana/discard-card-face-down.jsonl': [{ code: 'DISCARD_CARD_FACE_DOWN', rule: 'lorcana 7.6.2', revision: 3 }],
  'lorcana/trigger-added-by-other-player.jsonl': [{ code: 'TRIGGER_ADDED_BY_OTHER_PLAYER', rule: 'lorcana 7.7.3.1', revision: 3 }],
  'four-souls/clean.jsonl': [],
  'four-souls/deck-not-refilled.jsonl': [{ code: 'DECK_NOT_REFILLED', rule: 'four-souls Decks', revision: 5 }],
  'four-souls/fizzle-ignored.jsonl': [{ code: 'FIZZLE_IGNORED', rule: 'four-souls Game Zones', revision: 7 }],
  'four-souls/deck-card-viewed.jsonl': [{ code: 'DECK_CARD_VIEWED', rule: 'four-souls Decks', revision: 4 }],
  'four-souls/discard-order-changed.jsonl': [{ code: 'DISCARD_ORDER_CHANGED', rule: 'four-souls Discard', revision: 4 }],
  'four-souls/hand-viewed-by-other.jsonl': [{ code: 'HAND_VIEWED_BY_OTHER', rule: 'four-souls Hand', revision: 4 }],
  'four-souls/non-loot-in-hand.jsonl': [{ code: 'NON_LOOT_IN_HAND', rule: 'four-souls Hand', revision: 4 }],
  'four-souls/slot-order-changed.jsonl': [{ code: 'SLOT_ORDER_CHANGED', rule: 'four-souls Covered in a Slot', revision: 4 }],
  'four-souls/face-down-outside-viewed.jsonl': [{ code: 'FACE_DOWN_OUTSIDE_VIEWED', rule: 'four-souls Outside the Game', revision: 5 }],
  'four-souls/harbingers-not-outside.jsonl': [{ code: 'HARBINGERS_NOT_OUTSIDE', rule: 'four-souls Outside the Game', revision: 1 }],
  'grand-archive/clean.jsonl': [],
  'grand-archive/unrevealed-specified-card.jsonl': [{ code: 'UNREVEALED_SPECIFIED_CARD', rule: 'grand-archive Public vs Private Information 2.1', revision: 4 }],
  'grand-archive/look-not-allowed.jsonl': [{ code: 'LOOK_NOT_ALLOWED', rule: 'grand-archive Public vs Private Information', revision: 4 }],
};

/** A corpus log's events (each log is an export: its last line is the signed head). */
const load = (file: string): MatchEvent[] => {
  const log = parseJsonLines(readFileSync(join(corpus, file), 'utf8'));
  if ('error' in log) throw new Error(`${file}: ${log.error.message}`);
  return log.events;
};

const files = readdirSync(corpus, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap(({ name: game }) =>
    readdirSync(join(corpus, game))
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => `${game}/${f}`),
  );

describe('the audit corpus (examples/audit)', () => {
  it('has exactly the logs this test knows, one per finding code and a clean one per game', () => {
    expect(files.sort()).toEqual(Object.keys(expected).sort());
    const planted = Object.values(expected)
      .flat()
      .map((finding) => finding.code);
    expect(planted.sort()).toEqual([...findingCodes].sort());
    for (const file of files.filter((f) => !f.endsWith('clean.jsonl'))) {
      expect(file.split('/')[1]).toBe(`${expected[file][0].code.toLowerCase().replace(/_/g, '-')}.jsonl`);
    }
  });

  it.each(files)('%s is a real export: salted, chained and signed, it verifies with the example key pinned', (file) => {
    const pinned = pinnedKeysOf(readFileSync(join(corpus, 'example-jwks.json'), 'utf8'));
    if ('error' in pinned) throw new Error(pinned.error);
    const log = parseJsonLines(readFileSync(join(corpus, file), 'utf8'));
    if ('error' in log) throw new Error(log.error.message);
    expect(log.events[0].meta?.chainSalt).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyLog(log, { pinned })).toMatchObject({ ok: true, signature: { revision: log.events.length, pinned: true } });
  });

  it.each(files)('%s is a valid match log (every event passes validate)', (file) => {
    let state: MatchState = emptyMatch;
    for (const [index, event] of load(file).entries()) {
      expect({ index, verdict: validate(state, event) }).toEqual({ index, verdict: { ok: true } });
      state = evolve(state, event);
    }
  });

  it.each(files)('%s gives exactly its planted findings', (file) => {
    const events = load(file);
    const findings = ruleFindings(events);
    expect(findings.map(({ code, rule, revision }) => ({ code, rule, revision }))).toEqual(expected[file]);
    for (const finding of findings) {
      expect(finding.eventId).toBe(events[finding.revision - 1].id);
      expect(finding.severity).toBe(codes[finding.code as keyof typeof codes].severity);
      expect(finding.players.length).toBeGreaterThan(0);
      expect(finding.message.length).toBeGreaterThan(40);
    }
  });

  it.each(files)('%s: the Spanish report names the same findings in other words', (file) => {
    const events = load(file);
    const english = ruleFindings(events);
    const spanish = ruleFindings(events, { language: 'es' });
    expect(spanish.map(({ message, title, ...rest }) => rest)).toEqual(english.map(({ message, title, ...rest }) => rest));
    spanish.forEach((finding, i) => {
      expect(finding.message).not.toBe(english[i].message);
      expect(finding.title).not.toBe(english[i].title);
      expect(finding.message).not.toMatch(/undefined/);
      expect(english[i].message).not.toMatch(/undefined/);
    });
  });
});

describe('messages', () => {
  it('every code has an English and a Spanish message, which differ', () => {
    for (const code of findingCodes) {
      const facts = {
        player: 'p1',
        expected: 'p2',
        cards: ['c1'],
        zone: { zone: 'deck', player: 'p1' },
        trigger: 't1',
        top: 't2',
        next: 9,
        characteristic: 'Cosmic Bolt',
        actionBy: 'p2',
        criteria: 'Elsa',
      };
      const en = messages.en[code](facts);
      const es = messages.es[code](facts);
      expect(en).toBeTruthy();
      expect(es).toBeTruthy();
      expect(es).not.toBe(en);
    }
  });

  it('uses the Spanish wording of Lorcana 7.1', () => {
    const es = ruleFindings(load('lorcana/look-without-effect.jsonl'), { language: 'es' });
    expect(es[0].message).toContain('zona privada');
    expect(ruleFindings(load('lorcana/failed-to-find-public.jsonl'), { language: 'es' })[0].message).toContain('zona pública');
  });

  it('every rule cited contains its rule number or section', () => {
    for (const { rule } of Object.values(codes))
      expect(rule).toMatch(/^(lorcana \d+(\.\d+)+|four-souls [A-Z]|grand-archive [A-Z]|Disney Lorcana Tournament Rules, [a-z]|matchlog [a-z])/);
  });
});

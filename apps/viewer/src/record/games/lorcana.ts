import { MatchState } from '@matchlog/domain';
import { MessageKey, t } from '../../i18n';
import { Choice } from '../card-picker';
import { needsOverride, readyFirst } from '../offered';
import * as record from '../recording';
import { cardsIn, zone } from '../recording';
import { Button, GameScreen, Recorder, pickNumber } from './buttons';
import { cardLabel } from './labels';

/** Lorcana's buttons: its acts are recording.ts's (ink, quest, challenge, sing …), from the rules cited there. */
const buttons = (r: Recorder): Button[] => {
  const state = () => r.state();
  const inPlay = (who: readonly string[]) => who.map((player) => zone('play', player));
  /** the acting player's characters in play, the ready ones first; an exerted one is marked, and takes an override */
  const readyChoices = (): Choice[] =>
    readyFirst(cardsIn(state(), zone('play', r.acting()))).map((card) => ({ value: card.cardId, label: cardLabel(card), name: card.definition ?? '', muted: card.exerted }));
  /** A character of the acting player to quest or challenge with; an exerted one only when the recorder says so again. */
  const readyCharacter = async (title: string, anyway: MessageKey): Promise<string | null> => {
    const cardId = await r.pickOne(title, readyChoices());
    if (cardId === null || !needsOverride(cardsIn(state(), zone('play', r.acting())), cardId)) return cardId;
    return (await r.confirm(t('recorder.exertedAsk', { card: r.cardName(cardId) ?? t('recorder.unknownCard') }), t(anyway))) ? cardId : null;
  };
  const others = () => r.players.filter((p) => p !== r.acting());
  const pickInPlay = (title: MessageKey) => r.pickOne(t(title), r.cardChoices(inPlay(r.players)));
  return [
    ['recorder.draw', () => r.send(record.draw(state(), r.acting()))],
    [
      'recorder.ink',
      async () => {
        const card = await r.fromHand(t('recorder.pickInk'), r.acting(), true);
        if (card) r.send(r.then(card.first, (after) => record.ink(after, r.acting(), card.card)));
      },
    ],
    [
      'recorder.play',
      async () => {
        const card = await r.fromHand(t('recorder.pickPlay'), r.acting(), false);
        if (card) r.send(r.then(card.first, (after) => record.play(after, r.acting(), card.card)));
      },
    ],
    [
      'recorder.quest',
      async () => {
        const cardId = await readyCharacter(t('recorder.pickQuest'), 'recorder.questAnyway');
        if (cardId) r.send(record.quest(state(), cardId));
      },
    ],
    [
      'recorder.challenge',
      async () => {
        const attacker = await readyCharacter(t('recorder.pickAttacker'), 'recorder.challengeAnyway');
        const defender = attacker && (await r.pickOne(t('recorder.pickDefender'), r.cardChoices(inPlay(others()))));
        if (attacker && defender) r.send(record.challenge(state(), attacker, defender));
      },
    ],
    [
      'recorder.sing',
      async () => {
        const singer = await r.pickOne(t('recorder.pickSinger'), r.cardChoices(inPlay([r.acting()])));
        const song = singer && (await r.fromHand(t('recorder.pickSong'), r.acting(), false));
        if (singer && song) r.send(r.then(song.first, (after) => record.sing(after, singer, song.card)));
      },
    ],
    // the event vocabulary has no fact for a character at a location: nothing is recorded (docs/guides/recording.md)
    ['recorder.moveToLocation', () => r.problem(t('recorder.noLocations'))],
    [
      'recorder.banish',
      async () => {
        const cardId = await pickInPlay('recorder.pickBanish');
        if (cardId) r.send(record.banish(state(), cardId));
      },
    ],
    [
      'recorder.returnToHand',
      async () => {
        const cardId = await pickInPlay('recorder.pickReturn');
        if (cardId) r.send(record.returnToHand(state(), cardId));
      },
    ],
    ['recorder.lorePlus', () => r.withReason((why) => record.loreChange(state(), r.acting(), 1, why))],
    ['recorder.loreMinus', () => r.withReason((why) => record.loreChange(state(), r.acting(), -1, why))],
    [
      'recorder.damagePlus',
      async () => {
        const cardId = await pickInPlay('recorder.pickDamage');
        if (cardId) r.send(record.damage(state(), cardId, 1));
      },
    ],
    [
      'recorder.damageMinus',
      async () => {
        const cardId = await pickInPlay('recorder.pickDamage');
        if (cardId) r.send(record.damage(state(), cardId, -1));
      },
    ],
    [
      'recorder.exertReady',
      async () => {
        const cardId = await pickInPlay('recorder.pickExert');
        if (cardId) r.send(record.toggleExert(state(), cardId));
      },
    ],
    ['recorder.readyAll', () => r.send(record.readyAll(state(), r.acting()))],
    ['recorder.shuffle', () => r.send(record.shuffle(state(), r.acting(), r.random))],
    [
      'recorder.mulligan',
      async () => {
        const count = await pickNumber(r, t('recorder.pickMulligan'), cardsIn(state(), zone('hand', r.acting())).length);
        if (count) r.send(record.mulligan(state(), r.acting(), record.mulliganed(state(), r.acting(), count), r.random));
      },
    ],
  ];
};

export const lorcana: GameScreen = {
  buttons,
  seatLine: (state: MatchState, player: string) => t('recorder.lore', { lore: record.loreOf(state, player) }),
  reasonHint: 'recorder.reasonHint',
};

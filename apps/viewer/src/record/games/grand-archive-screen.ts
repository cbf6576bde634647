import { MatchState } from '@matchlog/domain';
import { MessageKey, t } from '../../i18n';
import * as record from '../recording';
import { zone } from '../recording';
import { Button, GameScreen, Recorder } from './buttons';
import * as ga from './grand-archive';

/** Grand Archive's buttons: the acts of grand-archive.ts, on the zones of its "Game Zones". */
const buttons = (r: Recorder): Button[] => {
  const state = () => r.state();
  const fields = (who: readonly string[]) => who.map((player) => zone('field', player));
  const pickOnField = (title: MessageKey, who = r.players) => r.pickOne(t(title), r.cardChoices(fields(who)));
  const fromMaterial = async (title: MessageKey, build: (after: MatchState, card: record.Named) => record.Act[]) => {
    const card = await r.fromHand(t(title), r.acting(), false, zone('material-deck', r.acting()));
    if (card) r.send(r.then(card.first, (after) => build(after, card.card)));
  };
  return [
    ['recorder.draw', () => r.send(ga.draw(state(), r.acting()))],
    ['recorder.materialize', () => fromMaterial('recorder.pickMaterialize', (after, card) => ga.materialize(after, r.acting(), card))],
    ['recorder.levelUp', () => fromMaterial('recorder.pickLevelUp', (after, card) => ga.levelUp(after, r.acting(), card))],
    [
      'recorder.play',
      async () => {
        const card = await r.fromHand(t('recorder.pickPlay'), r.acting(), false);
        if (card) r.send(r.then(card.first, (after) => ga.play(after, card.card)));
      },
    ],
    ['recorder.resolveToField', () => r.send(ga.resolve(state(), 'field'))],
    ['recorder.resolveToGraveyard', () => r.send(ga.resolve(state(), 'graveyard'))],
    [
      'recorder.attack',
      async () => {
        const attacker = await pickOnField('recorder.pickAttacker', [r.acting()]);
        const target =
          attacker &&
          (await pickOnField(
            'recorder.pickDefender',
            r.players.filter((p) => p !== r.acting()),
          ));
        if (attacker && target) r.send(ga.attack(state(), attacker, target));
      },
    ],
    [
      'recorder.damagePlus',
      async () => {
        const cardId = await pickOnField('recorder.pickDamage');
        if (cardId) r.send(ga.damage(state(), cardId, 1));
      },
    ],
    [
      'recorder.damageMinus',
      async () => {
        const cardId = await pickOnField('recorder.pickDamage');
        if (cardId) r.send(ga.damage(state(), cardId, -1));
      },
    ],
    [
      'recorder.toMemory',
      async () => {
        const card = await r.fromHand(t('recorder.pickMemory'), r.acting(), true);
        if (card) r.send(r.then(card.first, (after) => ga.toMemory(after, r.acting(), card.card.cardId)));
      },
    ],
    ['recorder.recollect', () => r.send(ga.recollect(state(), r.acting()))],
    [
      'recorder.banish',
      async () => {
        const cardId = await pickOnField('recorder.pickBanish');
        if (cardId) r.send(ga.banish(state(), cardId));
      },
    ],
    ['recorder.shuffle', () => r.send(record.shuffle(state(), r.acting(), r.random, 'main-deck'))],
  ];
};

/** Under each seat: the champion's life left and level, or that none is on the field yet. */
const seatLine = (state: MatchState, player: string): string => {
  const champion = ga.championOf(state, player);
  const life = champion === undefined ? undefined : ga.lifeOf(champion);
  return champion === undefined || life === undefined ? t('recorder.noChampion') : t('recorder.championLife', { life, level: champion.printed?.level ?? 0 });
};

export const grandArchive: GameScreen = { buttons, seatLine, reasonHint: null };

import { MatchState, ZoneRef } from '@matchlog/domain';
import { MessageKey, t } from '../../i18n';
import { zoneLabel } from '../../games';
import { Named, cardsIn, counterOf, revealFromHand, zone } from '../recording';
import { Button, GameScreen, Recorder, pickNumber } from './buttons';
import * as fs from './four-souls';
import { SlotZone } from './four-souls';

/** Four Souls' buttons: the acts of four-souls.ts, on the shared decks, the slots and the Stack of its "Game Zones". */
const buttons = (r: Recorder): Button[] => {
  const state = () => r.state();
  const refOf = (value: string): ZoneRef => JSON.parse(value) as ZoneRef;
  /** a slot of that kind: those holding a card (with their topmost card), or every slot of it */
  const pickSlot = async (title: MessageKey, name: SlotZone, filled: boolean): Promise<ZoneRef | null> => {
    const refs = filled
      ? fs.slotsIn(state(), name).map(({ ref, top }) => ({ ref, label: `${zoneLabel(ref)}: ${top.definition ?? t('recorder.unknownCard')}` }))
      : (state().layout?.zones ?? []).filter((z) => z.ref.zone === name).map(({ ref }) => ({ ref, label: zoneLabel(ref) }));
    const picked = await r.pickOne(
      t(title),
      refs.map(({ ref, label }) => ({ value: JSON.stringify(ref), label, name: label })),
    );
    return picked === null ? null : refOf(picked);
  };
  const inPlay = (): ZoneRef[] => [...r.players.map((p) => zone('play', p)), ...fs.slotsIn(state(), 'monster-slot').map((s) => s.ref)];
  const pickInPlay = (title: MessageKey) => r.pickOne(t(title), r.cardChoices(inPlay()));
  const rolled = async (source: string | undefined, what: 'attack' | 'roll') => {
    const face = source === undefined ? null : await pickNumber(r, t('recorder.pickRoll'), 6);
    if (source !== undefined && face !== null) r.send(fs.roll(state(), r.acting(), source, face, what));
  };
  /** a card dealt face up from a shared deck nobody has seen into: named from the shared list as it is revealed (undefined: a named card) */
  const dealtName = async (deck: string): Promise<string | null | undefined> => {
    const names = cardsIn(state(), { zone: deck })[0]?.definition === null ? fs.sharedNames(state()) : [];
    return names.length === 0
      ? undefined
      : r.pickOne(
          t('recorder.pickDealt'),
          names.map((name) => ({ value: name, label: name, name })),
        );
  };
  const dealInto = async (deck: string, slots: SlotZone) => {
    const into = await pickSlot('recorder.pickSlot', slots, false);
    const name = into && (await dealtName(deck));
    if (into && name !== null) r.send(fs.deal(state(), deck, into, name));
  };
  /**
   * A card of the hand shown as it is played, when the hand holds one nobody has identified from a setup's shared Loot
   * deck: named from the hand's names and the shared list (undefined: no such card, the page's own picker names it).
   */
  const sharedFromHand = async (player: string): Promise<Named | null | undefined> => {
    const hand = cardsIn(state(), zone('hand', player));
    const unnamed = hand.some((card) => card.definition === null && card.owner === null);
    const names = unnamed ? [...new Set([...hand.flatMap((card) => card.definition ?? []), ...fs.sharedNames(state())])].sort() : [];
    if (names.length === 0) return undefined;
    const picked = await r.pickOne(
      t('recorder.pickPlay'),
      names.map((name) => ({ value: name, label: name, name })),
    );
    return picked === null ? null : revealFromHand(state(), player, picked);
  };
  const counter = (key: MessageKey, build: (why?: string) => ReturnType<typeof fs.cents>): Button => [key, () => r.withReason(build)];
  return [
    ['recorder.loot', () => r.send(fs.loot(state(), r.acting()))],
    [
      'recorder.playLoot',
      async () => {
        const shown = await sharedFromHand(r.acting());
        if (shown !== undefined) return shown && r.send(fs.playLoot(state(), shown.cardId, shown.definition));
        const card = await r.fromHand(t('recorder.pickPlay'), r.acting(), false);
        if (card) r.send(r.then(card.first, (after) => fs.playLoot(after, card.card.cardId, card.card.definition)));
      },
    ],
    [
      'recorder.buy',
      async () => {
        const shop = await pickSlot('recorder.pickShop', 'shop-slot', true);
        if (shop) r.send(fs.buy(state(), r.acting(), shop));
      },
    ],
    [
      'recorder.attackMonster',
      async () => {
        const monster = await pickSlot('recorder.pickMonster', 'monster-slot', true);
        await rolled(monster === null ? undefined : fs.slotsIn(state(), 'monster-slot').find((s) => s.ref.slot === monster.slot)?.top.cardId, 'attack');
      },
    ],
    ['recorder.roll', () => rolled(fs.characterOf(state(), r.acting())?.cardId, 'roll')],
    ['recorder.resolveStack', () => r.send(state().queue.items.length > 0 ? fs.resolveItem(state()) : fs.resolveCard(state()))],
    [
      'recorder.damagePlus',
      async () => {
        const cardId = await pickInPlay('recorder.pickDamage');
        if (cardId) r.send(fs.damage(state(), cardId, 1));
      },
    ],
    [
      'recorder.damageMinus',
      async () => {
        const cardId = await pickInPlay('recorder.pickDamage');
        if (cardId) r.send(fs.damage(state(), cardId, -1));
      },
    ],
    [
      'recorder.kill',
      async () => {
        const monster = await pickSlot('recorder.pickMonster', 'monster-slot', true);
        if (monster) r.send(fs.discardFrom(state(), monster, 'monster-discard'));
      },
    ],
    ['recorder.dealMonster', () => dealInto('monster-deck', 'monster-slot')],
    ['recorder.dealShop', () => dealInto('treasure-deck', 'shop-slot')],
    [
      'recorder.uncover',
      async () => {
        const cardId = await r.pickOne(t('recorder.pickCovered'), r.cardChoices([{ zone: 'covered' }]));
        const into = cardId && (await pickSlot('recorder.pickSlot', 'monster-slot', false));
        if (cardId && into) r.send(fs.uncover(state(), cardId, into));
      },
    ],
    counter('recorder.centsPlus', (why) => fs.cents(state(), r.acting(), 1, why)),
    counter('recorder.centsMinus', (why) => fs.cents(state(), r.acting(), -1, why)),
    counter('recorder.soulsPlus', (why) => fs.souls(state(), r.acting(), 1, why)),
    counter('recorder.soulsMinus', (why) => fs.souls(state(), r.acting(), -1, why)),
  ];
};

/** Under each seat: souls, cents, and the character's HP left. */
const seatLine = (state: MatchState, player: string): string => {
  const character = fs.characterOf(state, player);
  const hp = character?.printed?.hp === undefined ? '–' : String(character.printed.hp - character.damage);
  return t('recorder.fourSoulsSeat', { souls: counterOf(state, player, 'souls'), cents: counterOf(state, player, 'cents'), hp });
};

export const fourSouls: GameScreen = { buttons, seatLine, reasonHint: 'recorder.reasonHint.fourSouls' };

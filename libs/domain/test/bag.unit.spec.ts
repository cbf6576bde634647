import { AudienceView, JudgeView, MatchEvent, PUBLIC, Replay, judgeView } from '@matchlog/domain';
import { at, cards, created, event } from '@matchlog/testkit';
import { foldValid } from './support/given';

const table = created('lorcana', [
  ...cards('p1', 'play', ['Ariel - Spectacular Singer', 'Lyle Tiberius Rourke - Cunning Mercenary', 'Mickey Mouse - Wayward Sorcerer']),
  ...cards('p2', 'play', ['Maleficent - Sorceress', 'Jafar - Dreadnought']),
]);
const turn = event('TurnStarted', { player: 'p1', turn: 3 });
const trigger = (triggerId: string, player: 'p1' | 'p2', sourceCardId = `${player}-play-0`) =>
  event('TriggerAdded', { triggerId, player, sourceCardId, ability: `ability ${triggerId}` });
const resolve = (triggerId: string, player: 'p1' | 'p2') => event('TriggerResolved', { triggerId, player });
const queueOf = (...events: MatchEvent[]) => judgeView(foldValid([table, turn, ...events])).queue!;

describe('Lorcana bag: who chooses next (7.7.4)', () => {
  it('Example A: the active player resolves their quest trigger, then the bag is empty and play continues', () => {
    expect(queueOf(trigger('quest', 'p1')).nextChooser).toBe('p1');
    expect(queueOf(trigger('quest', 'p1'), resolve('quest', 'p1'))).toMatchObject({ items: [], nextChooser: null, resolvingPlayer: null });
  });

  it('Example B: the active player goes first and continues, the bag passes to the opponent, then back', () => {
    const steps: MatchEvent[] = [trigger('a1', 'p1'), trigger('a2', 'p1'), trigger('o1', 'p2')];
    expect(queueOf(...steps).nextChooser).toBe('p1'); // 7.7.4.2: active player first
    steps.push(resolve('a1', 'p1'), trigger('a3', 'p1')); // added during resolution (7.7.5)
    expect(queueOf(...steps)).toMatchObject({ nextChooser: 'p1', resolvingPlayer: 'p1' }); // 7.7.4.3: last resolver continues
    steps.push(resolve('a2', 'p1'));
    expect(queueOf(...steps).nextChooser).toBe('p1');
    steps.push(resolve('a3', 'p1'));
    expect(queueOf(...steps)).toMatchObject({ nextChooser: 'p2', resolvingPlayer: 'p2' }); // 7.7.4.4: the bag passes
    steps.push(trigger('a4', 'p1')); // 7.7.6: waits for p1's turn to resolve
    expect(queueOf(...steps).nextChooser).toBe('p2');
    steps.push(resolve('o1', 'p2'));
    expect(queueOf(...steps)).toMatchObject({ nextChooser: 'p1', resolvingPlayer: 'p1' }); // passes back in turn order (7.7.4.5)
    steps.push(resolve('a4', 'p1'));
    expect(queueOf(...steps)).toMatchObject({ items: [], nextChooser: null });
  });

  it('starts with the non-active player when only they have abilities waiting', () => {
    expect(queueOf(trigger('o1', 'p2')).nextChooser).toBe('p2');
  });

  it('7.7.7: abilities of a player who leaves cease to exist', () => {
    const queue = queueOf(trigger('a1', 'p1'), trigger('o1', 'p2'), event('PlayerLeft', { player: 'p1' }));
    expect(queue.items.map((item) => item.triggerId)).toEqual(['o1']);
    expect(queue.nextChooser).toBe('p2');
  });

  it('7.1.6.1: while a played action resolves, the bag waits', () => {
    const started = event('EffectStarted', { effectId: 'be-prepared', player: 'p2', kind: 'action' });
    expect(queueOf(started, trigger('a1', 'p1'))).toMatchObject({ waitingForAction: true, nextChooser: 'p1' });
    expect(queueOf(started, trigger('a1', 'p1'), event('EffectResolved', { effectId: 'be-prepared' })).waitingForAction).toBe(false);
  });

  it('7.4.3 Lyle: banished with two other characters, his ability triggers once for each of them', () => {
    const bePrepared = event('CardsMoved', {
      moves: ['p1-play-0', 'p1-play-1', 'p1-play-2'].map((cardId) => ({ cardId, from: at('play', 'p1'), to: at('discard', 'p1'), reason: 'banished', source: 'p1-play-1' })),
    });
    const state = foldValid([table, turn, bePrepared, trigger('lyle-ariel', 'p1', 'p1-play-1'), trigger('lyle-mickey', 'p1', 'p1-play-1')]);
    expect(judgeView(state).zones['discard@p1'].count).toBe(3);
    expect(judgeView(state).queue!.items.map((item) => [item.triggerId, item.source?.definition])).toEqual([
      ['lyle-ariel', 'Lyle Tiberius Rourke - Cunning Mercenary'],
      ['lyle-mickey', 'Lyle Tiberius Rourke - Cunning Mercenary'],
    ]);
  });

  it('every audience sees the same bag as the judge (7.1.2.1: the bag is public)', () => {
    const replay = new Replay([table, turn, trigger('a1', 'p1'), trigger('o1', 'p2'), resolve('a1', 'p1')]);
    const judge = (replay.viewAt('judge') as JudgeView).queue!;
    for (const audience of ['p1', 'p2', PUBLIC]) {
      const queue = (replay.viewAt(audience) as AudienceView).queue;
      expect(queue.items.map((item) => [item.triggerId, item.player, item.ability, item.source?.definition])).toEqual(
        judge.items.map((item) => [item.triggerId, item.player, item.ability, item.source?.definition]),
      );
      expect([queue.nextChooser, queue.resolvingPlayer]).toEqual([judge.nextChooser, judge.resolvingPlayer]);
    }
  });
});

describe('stacks resolve last in, first out', () => {
  it.each(['four-souls', 'grand-archive'] as const)('%s: the top item resolves next, chosen by its controller', (game) => {
    const zone = game === 'four-souls' ? 'play' : 'field';
    const start = created(game, [...cards('p1', zone, ['A']), ...cards('p2', zone, ['B'])]);
    const add = (triggerId: string, player: string) => event('TriggerAdded', { triggerId, player, sourceCardId: `${player}-${zone}-0`, ability: triggerId, kind: 'activated' });
    const state = foldValid([start, event('TurnStarted', { player: 'p1', turn: 1 }), add('first', 'p1'), add('second', 'p2')]);
    expect(judgeView(state).queue).toMatchObject({ discipline: 'stack', next: 'second', nextChooser: 'p2' });
    const after = foldValid([
      start,
      event('TurnStarted', { player: 'p1', turn: 1 }),
      add('first', 'p1'),
      add('second', 'p2'),
      event('TriggerResolved', { triggerId: 'second', player: 'p2' }),
    ]);
    expect(judgeView(after).queue).toMatchObject({ next: 'first', nextChooser: 'p1' });
  });
});

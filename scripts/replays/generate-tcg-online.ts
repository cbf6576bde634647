/**
 * Plays bot-vs-bot Lorcana games with the engine of a TheCardGoat/lorcana-simulator checkout (its deck fixtures,
 * its bot) and writes each as the replay.json v2 zip the simulator's download gives, as
 * test/fixtures/tcg-online/FORMAT.md §7 describes, including one step per engine transition where the
 * engine auto-resolves bag effects after a move.
 *
 *   npx tsx scripts/replays/generate-tcg-online.ts <lorcana-simulator checkout> <out dir> [game name…]
 *
 * The checkout needs its dependencies installed (see docs/explanation/importing.md). Nothing of it is copied here: its
 * TypeScript is imported from that path at run time.
 */
import { strToU8, zipSync } from 'fflate';
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import { createRequire } from 'module';
import { join, resolve } from 'path';
import { pathToFileURL } from 'url';

type Stop = { kind: 'end' } | { kind: 'afterTurn'; turn: number } | { kind: 'concede'; turn: number; seat: 0 | 1 };

interface GameSpec {
  readonly name: string;
  readonly decks: readonly [string, string];
  readonly seed: string;
  readonly strategyId?: string;
  readonly stop: Stop;
}

/** The games this script plays by default: deck pairs the four original samples do not use. */
export const GAMES: readonly GameSpec[] = [
  {
    name: 'g01-steel-sapphire-aggro-vs-amber-steel-lilo-rapunzel',
    decks: ['steel-sapphire-aggressive', 'amber-steel-lilo-rapunzel'],
    seed: 'matchlog-gen-01',
    stop: { kind: 'end' },
  },
  { name: 'g02-emerald-amethyst-ink-vs-steel-sapphire-mid', decks: ['emerald-amethyst-ink', 'steel-sapphire-midrange'], seed: 'matchlog-gen-02', stop: { kind: 'end' } },
  {
    name: 'g03-amber-amethyst-control-vs-steel-amethyst-basil-genie',
    decks: ['amber-amethyst-control', 'steel-amethyst-basil-genie'],
    seed: 'matchlog-gen-03',
    stop: { kind: 'end' },
  },
  {
    name: 'g04-amber-steel-lilo-rapunzel-vs-amber-amethyst-aggro',
    decks: ['amber-steel-lilo-rapunzel', 'amber-amethyst-aggressive'],
    seed: 'matchlog-gen-04',
    stop: { kind: 'end' },
  },
  { name: 'g05-steel-sapphire-mid-vs-amber-amethyst-control', decks: ['steel-sapphire-midrange', 'amber-amethyst-control'], seed: 'matchlog-gen-05', stop: { kind: 'end' } },
  { name: 'g06-steel-amethyst-basil-genie-vs-emerald-amethyst-ink', decks: ['steel-amethyst-basil-genie', 'emerald-amethyst-ink'], seed: 'matchlog-gen-06', stop: { kind: 'end' } },
  {
    name: 'g07-amber-amethyst-aggro-vs-steel-sapphire-aggro-short-to-turn4',
    decks: ['amber-amethyst-aggressive', 'steel-sapphire-aggressive'],
    seed: 'matchlog-gen-07',
    stop: { kind: 'afterTurn', turn: 4 },
  },
  {
    name: 'g08-emerald-amethyst-ink-vs-amber-steel-lilo-rapunzel-concede-turn5',
    decks: ['emerald-amethyst-ink', 'amber-steel-lilo-rapunzel'],
    seed: 'matchlog-gen-08',
    stop: { kind: 'concede', turn: 5, seat: 0 },
  },
  {
    name: 'g09-steel-sapphire-aggro-mirror-board-control',
    decks: ['steel-sapphire-aggressive', 'steel-sapphire-aggressive'],
    seed: 'matchlog-gen-09',
    strategyId: 'aggressive-board-control-lore-race',
    stop: { kind: 'end' },
  },
  {
    name: 'g10-amber-steel-goofy-lilo-vs-amber-amethyst-control-best',
    decks: ['amber-steel-goofy-lilo', 'amber-amethyst-control'],
    seed: 'matchlog-gen-10',
    strategyId: 'best-deck-aware-lore-race',
    stop: { kind: 'end' },
  },
  { name: 'g11-emerald-amethyst-ink-mirror', decks: ['emerald-amethyst-ink', 'emerald-amethyst-ink'], seed: 'matchlog-gen-11', stop: { kind: 'end' } },
  {
    name: 'g12-steel-amethyst-basil-genie-vs-steel-sapphire-mid-concede-turn3',
    decks: ['steel-amethyst-basil-genie', 'steel-sapphire-midrange'],
    seed: 'matchlog-gen-12',
    stop: { kind: 'concede', turn: 3, seat: 1 },
  },
];

const MAX_ACTIONS = 3000;
const FIXTURES = 'packages/lorcana/lorcana-simulator/src/lib/features/simulator-devtools/deck-fixtures';

/** A small seeded PRNG (mulberry32 over an FNV-1a hash of the seed): Math.random is replaced by it during a game. */
const seededRandom = (seed: string): (() => number) => {
  let h = 0x811c9dc5;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const uuid = (random: () => number): string => {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
};

/* eslint-disable @typescript-eslint/no-explicit-any -- the engine is imported at run time, untyped here */
interface Engine {
  adapter: any;
  cards: any;
  cardsSync: any;
  records: any;
  mutative: any;
}

const load = async (sim: string): Promise<Engine> => {
  const at = (path: string): Promise<any> => import(pathToFileURL(join(sim, path)).href);
  const req = createRequire(join(sim, 'packages/lorcana/lorcana-engine/package.json'));
  return {
    adapter: await at('packages/lorcana/lorcana-server-adapter/src/lorcana-engine-lifecycle.ts'),
    cards: await at('packages/lorcana/lorcana-cards/src/index.ts'),
    cardsSync: await at('packages/lorcana/lorcana-cards/src/cards/sync.ts'),
    records: await at('packages/lorcana/lorcana-engine/src/history-records.ts'),
    mutative: await import(pathToFileURL(req.resolve('mutative')).href),
  };
};

interface Transition {
  readonly patches: unknown[];
  readonly logs: any[];
  readonly stateID: number;
  readonly entry: any;
}

const deckOf = (e: Engine, sim: string, fixture: string): { name: string; deck: any[]; inks: string[] } => {
  const { name, cards } = JSON.parse(readFileSync(join(sim, FIXTURES, `${fixture}.json`), 'utf8'));
  const resolved = e.cards.resolveLorcanaDeckListTextFromPool(cards, e.cardsSync.getAllCardsSync());
  if (resolved.diagnostics.unresolvedNames.length > 0) throw new Error(`${fixture}: ${resolved.diagnostics.unresolvedNames.join(', ')} not found`);
  const deck = resolved.resolvedCards.map((r: any) => ({ cardId: r.cardId, qty: r.quantity, cardName: r.cardName }));
  const inks = [...new Set<string>(resolved.resolvedCards.flatMap((r: any) => r.card.inkType ?? []))].sort();
  return { name, deck, inks };
};

const playGame = async (e: Engine, sim: string, spec: GameSpec): Promise<{ replay: any; summary: string }> => {
  const random = seededRandom(spec.seed);
  const realRandom = Math.random;
  Math.random = random;
  try {
    const playerIds = [uuid(random), uuid(random)] as const;
    const matchId = uuid(random);
    const gameId = uuid(random);
    const decks = spec.decks.map((d) => deckOf(e, sim, d));
    const cardsMaps = e.cards.fromDeckToCardInstances(decks.map((d, i) => ({ deck: d.deck, owner: playerIds[i] })));
    const createdAt = Date.now();
    const engine = await e.adapter.lorcanaCreateServerEngine({
      gameSlug: 'lorcana',
      seed: spec.seed,
      player1Id: playerIds[0],
      player2Id: playerIds[1],
      cardsMaps,
      matchID: matchId,
      gameID: gameId,
    });
    const snapshot = e.adapter.lorcanaSerializeEngine(engine, cardsMaps);
    const initialState = JSON.stringify({ gameSlug: snapshot.gameSlug, state: snapshot.state, historyLength: snapshot.historyLength, metadata: snapshot.metadata });
    // LorcanaServerEngine reports only a dispatch's last transition (FORMAT.md §7): each one is caught where it happens
    const server = engine.engine;
    const transitions: Transition[] = [];
    const execute = server.executeMoveViaEngine.bind(server);
    server.executeMoveViaEngine = (...args: unknown[]) => {
      const before = server.getStateID();
      const result = execute(...args);
      if (result?.success && result.stateID > before) {
        transitions.push({ patches: result.patches ?? [], logs: result.moveLogs ?? [], stateID: result.stateID, entry: server.getMoveHistory(1).at(-1) });
      }
      return result;
    };
    const context = { gameId, sourceAuthority: 'server' };
    const steps: any[] = [];
    let split = 0;
    const record = (actorId: string, final: any): void => {
      const taken = transitions.splice(0);
      if (taken.length === 0) return;
      if (taken.length === 1) {
        steps.push(
          stepOf(
            final.patches,
            final.engineLogRecords.map((r: any) => r.log),
            final.acceptedMoveRecord,
          ),
        );
        return;
      }
      split += 1;
      taken.forEach((t, i) => {
        const actor = i === 0 ? actorId : (t.entry.playerId ?? actorId);
        const accepted = e.records.createAcceptedMoveRecord({ actorId: actor, gameId, moveEntry: t.entry, sourceAuthority: 'server', stateVersion: t.stateID });
        const logs = t.logs.map((log) => e.records.createEngineLogRecord({ gameId, log, sourceAuthority: 'server', stateVersion: t.stateID }).log);
        steps.push(stepOf(t.patches, logs, accepted));
      });
    };
    const turn = (): number => server.getState().ctx.status.turn;
    for (let n = 0; !engine.hasGameEnded(); n += 1) {
      if (n >= MAX_ACTIONS) throw new Error(`${spec.name}: no end after ${MAX_ACTIONS} bot actions`);
      if (spec.stop.kind === 'afterTurn' && turn() > spec.stop.turn) break;
      if (spec.stop.kind === 'concede' && turn() >= spec.stop.turn) {
        const who = playerIds[spec.stop.seat];
        const result = engine.dispatch('concede', who, { playerId: who }, context);
        if (!result.success) throw new Error(`${spec.name}: concede refused: ${result.error}`);
        record(who, result);
        continue;
      }
      const bot = engine.takeAutomatedAction({ strategyId: spec.strategyId }, context);
      if (!bot.finalResult.success) throw new Error(`${spec.name}: bot action failed: ${bot.finalResult.error}`);
      record(bot.finalResult.acceptedMoveRecord?.actorId, bot.finalResult);
    }
    const completedAt = Date.now();
    const state = server.getState();
    checkChain(e, spec.name, initialState, steps, state);
    const end = engine.getGameEndResult();
    const replay = {
      version: 2,
      gameId,
      matchId,
      gameType: 'lorcana',
      seed: spec.seed,
      playerIds,
      cardsMaps,
      initialState,
      steps,
      metadata: {
        totalMoves: steps.length,
        totalTurns: state.ctx.status.turn,
        durationMs: completedAt - createdAt,
        createdAt: new Date(createdAt).toISOString(),
        completedAt: new Date(completedAt).toISOString(),
        ...(end?.winnerId ? { winnerId: end.winnerId } : {}),
        ...(end?.reason ? { endReason: end.reason } : {}),
        matchType: 'bot-vs-bot',
        authority: 'server',
        players: decks.map((d, i) => ({ id: playerIds[i], displayName: `Bot ${d.name}`, username: null })),
        deckColors: { player1: decks[0]!.inks, player2: decks[1]!.inks },
      },
    };
    const types = new Set(steps.flatMap((s) => s.logs.map((l: any) => l.type)));
    const summary = `${steps.length} steps, ${state.ctx.status.turn} turns, ${split} split dispatches, end: ${end?.reason ?? 'none'}; logs: ${[...types].sort().join(' ')}`;
    return { replay, summary };
  } finally {
    Math.random = realRandom;
  }
};

const stepOf = (patches: unknown[], logs: unknown[], accepted: any): unknown => ({
  patches,
  logs,
  acceptedMove: {
    stateVersion: accepted.stateVersion,
    turnNumber: accepted.turnNumber,
    actorId: accepted.actorId,
    moveId: accepted.moveId,
    ...(accepted.input === undefined ? {} : { input: accepted.input }),
    timestamp: accepted.timestamp,
  },
});

/** The patch chain, applied as the simulator's replay player does, must give the engine's final state. */
const checkChain = (e: Engine, name: string, initialState: string, steps: any[], final: unknown): void => {
  let state = JSON.parse(initialState).state;
  for (const step of JSON.parse(JSON.stringify(steps))) state = e.mutative.apply(state, step.patches);
  const where = firstDifference(state, JSON.parse(JSON.stringify(final)), '');
  if (where !== undefined) throw new Error(`${name}: the patch chain does not reproduce the final state at ${where}`);
};

const firstDifference = (a: unknown, b: unknown, path: string): string | undefined => {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b ? undefined : path;
  if (Array.isArray(a) !== Array.isArray(b)) return path;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}/${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
};
/* eslint-enable @typescript-eslint/no-explicit-any */

const main = async (): Promise<void> => {
  const [simArg, outArg, ...names] = process.argv.slice(2);
  if (!simArg || !outArg) {
    console.error('usage: npx tsx scripts/replays/generate-tcg-online.ts <lorcana-simulator checkout> <out dir> [game name…]');
    process.exit(2);
  }
  const sim = resolve(simArg);
  const out = resolve(outArg);
  mkdirSync(out, { recursive: true });
  const e = await load(sim);
  const games = names.length === 0 ? GAMES : GAMES.filter((g) => names.includes(g.name));
  for (const spec of games) {
    const { replay, summary } = await playGame(e, sim, spec);
    const json = JSON.stringify(replay, null, 2);
    writeFileSync(join(out, `${spec.name}.zip`), zipSync({ 'replay.json': strToU8(json) }));
    console.log(`${spec.name}: ${summary}`);
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import { EventRefused, MatchlogClient, NetworkError, RevisionConflict } from '@matchlog/client';
import { journal } from '@matchlog/client/node';
import { verifyReceipt } from '@matchlog/client/verify';

type Zone = { zone: string; player?: string };
const deck = (player: string): Zone => ({ zone: 'deck', player });
const hand = (player: string): Zone => ({ zone: 'hand', player });
const play = (player: string): Zone => ({ zone: 'play', player });

/** A table-side recorder: creates the match, records turns through an offline journal, follows p1's feed, keeps a receipt. */
export const recordATable = async (baseUrl: string, organizerKey: string, journalFile: string, log: (line: string) => void = console.log) => {
  // 1. Create the match (organizer key). Keep the tokens: they are shown once.
  const organizer = new MatchlogClient({ baseUrl, token: organizerKey });
  const { matchId, tokens } = await organizer.createMatch({
    game: 'lorcana',
    players: [
      { id: 'p1', name: 'Ada' },
      { id: 'p2', name: 'Grace' },
    ],
    cards: [
      { cardId: 'c01', owner: 'p1', definition: 'Ariel - On Human Legs', zone: deck('p1') },
      { cardId: 'c02', owner: 'p1', definition: 'Stitch - Rock Star', zone: deck('p1') },
      { cardId: 'c03', owner: 'p2', definition: 'Maleficent - Monstrous Dragon', zone: deck('p2') },
    ],
    tournament: { event: 'Integration Cup', round: 1, table: 7, game: 1, bestOf: 3 },
  });

  // 2. Follow what p1 may see while the match is recorded: each revision once, in order, across drops.
  const seenByP1: number[] = [];
  const p1 = new MatchlogClient({ baseUrl, token: tokens.players.p1 });
  const following = p1.follow(matchId, 'p1', ({ revision }) => void seenByP1.push(revision));

  // 3. Record turns with the recorder's token, through a journal: each batch is on disk before it is sent.
  const recorder = new MatchlogClient({ baseUrl, token: tokens.recorder });
  const recorded = journal(journalFile);
  let revision = 1; // MatchCreated is revision 1
  const record = async (events: Parameters<MatchlogClient['append']>[2]) => {
    try {
      revision = (await recorded.append(recorder, matchId, revision, events)).revision;
    } catch (error) {
      if (error instanceof NetworkError) {
        // offline: the batch waits in the journal; sync() (or `npx matchlog push`) sends it later, once
        revision += events.length;
        return;
      }
      if (error instanceof RevisionConflict) throw new Error(`another recorder wrote: the match is at ${error.currentRevision}`, { cause: error });
      if (error instanceof EventRefused) throw new Error(`${error.code} (${error.rule}): ${error.message}`, { cause: error });
      throw error;
    }
  };
  await record([
    { type: 'TurnStarted', data: { player: 'p1', turn: 1 } },
    { type: 'CardMoved', data: { cardId: 'c01', from: deck('p1'), to: hand('p1'), reason: 'draw' } },
  ]);
  await record([
    { type: 'CardMoved', data: { cardId: 'c01', from: hand('p1'), to: play('p1'), reason: 'played' } },
    { type: 'CounterChanged', data: { counter: 'lore', player: 'p1', by: 2, reason: 'quested' } },
  ]);
  // whatever the network did, send what is left; a batch the server already holds is not recorded twice
  await recorded.sync(recorder, matchId);
  await record([{ type: 'MatchEnded', data: { winner: 'p1', reason: 'p2 conceded' } }]);

  // 4. The feed ends with MatchEnded.
  const { revision: last } = await following.done;

  // 5. A receipt: the signed chain head. Keep it; checked offline against the server's keys.
  const [receipt, jwks] = await Promise.all([p1.receipt(matchId), p1.jwks()]);
  const verdict = verifyReceipt(receipt, jwks);
  if (!verdict.ok) throw new Error(`receipt refused: ${verdict.code}`);
  log(`${matchId}: ${last} revisions, p1 saw ${seenByP1.length}; receipt at ${verdict.revision} signed by ${verdict.fingerprint}`);
  return { matchId, last, seenByP1, receipt: verdict };
};

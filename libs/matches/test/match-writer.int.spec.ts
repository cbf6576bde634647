import { verifyChain } from '@matchlog/audit';
import { MatchEvent } from '@matchlog/domain';
import { DuplicateEventId, RevisionConflict } from '@matchlog/store';
import { EventsRejected, MatchAlreadyExists, MatchLogAlreadyImported, ReplayAlreadyImported, SaltInBody } from '../src/errors';
import { NOW, writerOn } from './support/writer-on';
import { created, shuffle, turn } from './support/writer-fixtures';

type Parts = Awaited<ReturnType<typeof writerOn>>;

describe('MatchWriter on the in-memory store', () => {
  let parts: Parts;
  beforeEach(async () => (parts = await writerOn()));
  afterEach(() => parts.close());
  const stored = (matchId = 'm') => parts.store.readStream(matchId) as Promise<MatchEvent[]>;

  it('creates a match: its MatchCreated stamped and chained, a token for each role', async () => {
    const { matchId, revision, tokens } = await parts.writer.create('m', created, 'organizer', 'e1');
    expect({ matchId, revision }).toEqual({ matchId: 'm', revision: 1 });
    expect(Object.keys(tokens).sort()).toEqual(['judge', 'players', 'recorder']);
    const [first] = await stored();
    expect(first).toMatchObject({
      id: 'e1',
      type: 'MatchCreated',
      data: created,
      meta: { recordedBy: 'organizer', recordedAt: NOW, chainSalt: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(verifyChain(await stored())).toMatchObject({ ok: true, count: 1 });
  });

  it('a create retried (same id, event id and data) answers as the first; other data for the same match is refused', async () => {
    await parts.writer.create('m', created, 'organizer', 'e1');
    await expect(parts.writer.create('m', created, 'organizer', 'e1')).resolves.toMatchObject({ matchId: 'm', revision: 1 });
    await expect(parts.writer.create('m', { ...created, players: [...created.players].reverse() }, 'organizer', 'e1')).rejects.toThrow(MatchAlreadyExists);
    await expect(parts.writer.create('m', created, 'organizer')).rejects.toThrow(MatchAlreadyExists);
    expect(await stored()).toHaveLength(1);
  });

  it('appends: each shuffle sealed by the server, the whole log chained', async () => {
    await parts.writer.create('m', created, 'organizer');
    const appended = await parts.writer.append('m', 1, [turn(1), shuffle], 'recorder');
    expect(appended).toEqual({ matchId: 'm', revision: 3, position: expect.any(Number) });
    const events = await stored();
    expect(events[2].data).toEqual({ ...shuffle.data, salt: expect.stringMatching(/^[0-9a-f]{32}$/), commitment: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(events[2].meta).toMatchObject({ recordedBy: 'recorder', recordedAt: NOW });
    expect(verifyChain(events)).toMatchObject({ ok: true, count: 3 });
  });

  it('a retry (same ids and data, stale revision) gets the first answer, its shuffle matched to the stored salt; nothing more is stored', async () => {
    await parts.writer.create('m', created, 'organizer');
    const batch = [
      { id: 'a', ...turn(1) },
      { id: 'b', ...shuffle },
    ];
    const first = await parts.writer.append('m', 1, batch, 'recorder');
    await parts.writer.append('m', 3, [turn(2)], 'recorder');
    await expect(parts.writer.append('m', 1, batch, 'recorder')).resolves.toEqual(first);
    expect(await stored()).toHaveLength(4);
  });

  it('a stale batch that is no retry is refused: DuplicateEventId for a reused id with other data, else a conflict', async () => {
    await parts.writer.create('m', created, 'organizer');
    await parts.writer.append('m', 1, [{ id: 'a', ...turn(1) }], 'recorder');
    await expect(parts.writer.append('m', 1, [{ id: 'a', ...turn(1), data: { player: 'p1', turn: 5 } }], 'recorder')).rejects.toThrow(DuplicateEventId);
    await expect(parts.writer.append('m', 1, [turn(1)], 'recorder')).rejects.toThrow(RevisionConflict);
    await expect(parts.writer.append('m', 7, [turn(2)], 'recorder')).rejects.toThrow(RevisionConflict);
    expect(await stored()).toHaveLength(2);
  });

  it('refuses a shuffle that brings its own salt or commitment, and an invalid batch, storing nothing', async () => {
    await parts.writer.create('m', created, 'organizer');
    const salted = { ...shuffle, data: { ...shuffle.data, commitment: 'cd'.repeat(32) } };
    await expect(parts.writer.append('m', 1, [turn(1), salted], 'recorder')).rejects.toThrow(SaltInBody);
    await expect(parts.writer.append('m', 1, [turn(1), { type: 'TurnStarted', data: { player: 'nobody', turn: 2 } }], 'recorder')).rejects.toMatchObject({
      constructor: EventsRejected,
      error: { eventIndex: 1 },
    });
    expect(await stored()).toHaveLength(1);
  });

  it('imports an exported log as it is (ids, meta, chain), once', async () => {
    const source = await writerOn('elsewhere');
    await source.writer.create('m', created, 'organizer');
    await source.writer.append('m', 1, [turn(1), shuffle], 'recorder');
    const log = (await source.store.readStream('m')) as MatchEvent[];
    await source.close();
    await expect(parts.writer.importExport(undefined, log, 'm', 'kid')).resolves.toMatchObject({ matchId: 'm', revision: 3 });
    expect((await stored()).map(({ id, type, data, meta }) => ({ id, type, data, meta }))).toEqual(log.map(({ id, type, data, meta }) => ({ id, type, data, meta })));
    await expect(parts.writer.importExport(undefined, log, 'm', 'kid')).rejects.toThrow(MatchLogAlreadyImported);
  });

  it('imports a replay: each event at the time it happened, sealed and chained; the same game again is refused', async () => {
    const times = ['2025-06-01T09:00:00.000Z', '2025-06-01T09:01:00.000Z', '2025-06-01T09:02:00.000Z'];
    const incoming = [
      { ...turn(1), recordedAt: times[1] },
      { ...shuffle, recordedAt: times[2] },
    ];
    await expect(parts.writer.importReplay('r', created, times[0], incoming, 'importer')).resolves.toMatchObject({ matchId: 'r', revision: 3 });
    const events = await stored('r');
    expect(events.map((e) => e.meta?.recordedAt)).toEqual(times);
    expect(events[2].data).toMatchObject({ salt: expect.any(String), commitment: expect.any(String) });
    expect(verifyChain(events)).toMatchObject({ ok: true, count: 3 });
    await expect(parts.writer.importReplay('r', created, times[0], incoming, 'importer')).rejects.toThrow(ReplayAlreadyImported);
  });
});

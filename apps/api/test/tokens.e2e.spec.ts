import { CatalogProjector } from '@matchlog/catalog';
import { EventStore } from '@matchlog/store';
import { rmSync } from 'fs';
import { join } from 'path';
import { CATALOG_PROJECTOR, EVENT_STORE } from '../src/injection-keys';
import { MatchEvent } from '@matchlog/domain';
import { hashToken } from '@matchlog/tokens';
import { draw, lorcanaMatch } from './support/fixtures';
import { signedLog } from './support/signed-log';
import { TestApp, startTestApp } from './support/test-app';

interface Tokens {
  players: Record<string, string>;
  judge: string;
}

describe('match tokens: recorded in the log, re-issued, revoked', () => {
  let t: TestApp;
  const create = (body: object) => t.http().post('/matches').set(t.organizer).send(body);
  const reads = (token: string, audience: string, id: string) => t.http().get(`/matches/${id}/views/${audience}`).set(t.bearer(token));

  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('POST /matches/:id/tokens re-issues the named roles; their old tokens stop working at once, the others keep working', async () => {
    const old: Tokens = (await create(lorcanaMatch('tok-reissue')).expect(201)).body.tokens;
    const res = await t
      .http()
      .post('/matches/tok-reissue/tokens')
      .set(t.organizer)
      .send({ roles: ['p1', 'judge'] })
      .expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh: Tokens = res.body.tokens;
    expect(res.body.matchId).toBe('tok-reissue');
    expect(Object.keys(fresh.players)).toEqual(['p1']);
    expect([fresh.judge, fresh.players.p1]).not.toContain(old.judge);
    expect((await reads(old.players.p1, 'p1', 'tok-reissue').expect(401)).body.code).toBe('UNAUTHENTICATED');
    await reads(old.judge, 'judge', 'tok-reissue').expect(401);
    await reads(fresh.players.p1, 'p1', 'tok-reissue').expect(200);
    await reads(fresh.judge, 'judge', 'tok-reissue').expect(200);
    await reads(old.players.p2, 'p2', 'tok-reissue').expect(200);
  });

  it('a re-issue takes effect on this instance from memory, at once: no catalog and no log consumer needed; an unknown token is never taken as unknown while the consumer is stopped', async () => {
    const old: Tokens = (await create(lorcanaMatch('tok-memory')).expect(201)).body.tokens;
    await reads(old.players.p1, 'p1', 'tok-memory').expect(200);
    const projector = t.app.get<CatalogProjector>(CATALOG_PROJECTOR);
    await projector.stop();
    try {
      const fresh: Tokens = (
        await t
          .http()
          .post('/matches/tok-memory/tokens')
          .set(t.organizer)
          .send({ roles: ['p1'] })
          .expect(201)
      ).body.tokens;
      await reads(old.players.p1, 'p1', 'tok-memory').expect(401);
      await reads(fresh.players.p1, 'p1', 'tok-memory').expect(200);
      await reads(old.players.p2, 'p2', 'tok-memory').expect(200);
      const unknown = await reads('mlt_not-issued-here', 'p1', 'tok-memory').expect(503);
      expect(unknown.body.code).toBe('TOKENS_BEHIND');
      expect(unknown.headers['retry-after']).toBe('1');
    } finally {
      await projector.start();
    }
    await reads('mlt_not-issued-here', 'p1', 'tok-memory').expect(401);
  });

  it('a recorder token, issued at creation and import and re-issuable, appends as "recorder" and reads the judge view', async () => {
    const { recorder } = (await create(lorcanaMatch('tok-rec')).expect(201)).body.tokens;
    const appended = await t
      .http()
      .post('/matches/tok-rec/events')
      .set(t.bearer(recorder))
      .send({ expectedRevision: 1, events: [draw()] })
      .expect(201);
    expect(appended.body).toEqual({ matchId: 'tok-rec', revision: 2, position: expect.any(Number) });
    const view = (await reads(recorder, 'judge', 'tok-rec').expect(200)).body;
    expect(view.zones['hand@p1'].cards.map((card: { cardId: string }) => card.cardId)).toContain('c01');
    const observed = (await t.http().get('/matches/tok-rec/events?audience=judge').set(t.organizer).expect(200)).body.observations;
    expect(observed.map((entry: { observation: { meta: { recordedBy: string } } }) => entry.observation.meta.recordedBy)).toEqual(['organizer', 'recorder']);
    const fresh = (
      await t
        .http()
        .post('/matches/tok-rec/tokens')
        .set(t.organizer)
        .send({ roles: ['recorder'] })
        .expect(201)
    ).body.tokens;
    expect(Object.keys(fresh)).toEqual(['players', 'recorder']);
    await t
      .http()
      .post('/matches/tok-rec/events')
      .set(t.bearer(recorder))
      .send({ expectedRevision: 2, events: [draw('c02')] })
      .expect(401);
    await t
      .http()
      .post('/matches/tok-rec/events')
      .set(t.bearer(fresh.recorder))
      .send({ expectedRevision: 2, events: [draw('c02')] })
      .expect(201);
    const created = {
      id: 'tok-rec-imported',
      type: 'MatchCreated',
      data: lorcanaMatch(),
      meta: { recordedBy: 'organizer', recordedAt: '2026-11-23T10:00:00.000Z' },
    } as unknown as MatchEvent;
    const log = signedLog(t, 'tok-rec-copy', [created]);
    const imported = (await t.http().post('/matches/import?matchId=tok-rec-copy').set(t.organizer).set('Content-Type', 'application/x-ndjson').send(log).expect(201)).body;
    await reads(imported.tokens.recorder, 'judge', 'tok-rec-copy').expect(200);
    await reads(imported.tokens.recorder, 'judge', 'tok-rec').expect(403);
  });

  it("re-issue is the organizer's alone, for roles the match has", async () => {
    const { tokens } = (await create(lorcanaMatch('tok-roles')).expect(201)).body;
    await t
      .http()
      .post('/matches/tok-roles/tokens')
      .send({ roles: ['p1'] })
      .expect(401);
    await t
      .http()
      .post('/matches/tok-roles/tokens')
      .set(t.bearer(tokens.judge))
      .send({ roles: ['p1'] })
      .expect(403);
    const unknown = await t
      .http()
      .post('/matches/tok-roles/tokens')
      .set(t.organizer)
      .send({ roles: ['p1', 'p9', 'public'] })
      .expect(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'roles.1' }, { path: 'roles.2' }] });
    await t.http().post('/matches/tok-roles/tokens').set(t.organizer).send({ roles: [] }).expect(400);
    expect(
      (
        await t
          .http()
          .post('/matches/nope/tokens')
          .set(t.organizer)
          .send({ roles: ['judge'] })
          .expect(404)
      ).body.code,
    ).toBe('MATCH_NOT_FOUND');
    await reads(tokens.players.p1, 'p1', 'tok-roles').expect(200); // nothing was re-issued
  });

  it('a retried creation (same match id, event id and body) answers 201 as the first did, with fresh tokens; the first ones are revoked', async () => {
    const body = { ...lorcanaMatch('tok-retry'), eventId: 'tok-retry-created' };
    const first = (await create(body).expect(201)).body;
    const again = (await create(body).expect(201)).body;
    expect({ ...again, tokens: undefined }).toEqual({ ...first, tokens: undefined });
    expect(again).toMatchObject({ matchId: 'tok-retry', revision: 1 });
    await reads(first.tokens.players.p1, 'p1', 'tok-retry').expect(401);
    await reads(again.tokens.players.p1, 'p1', 'tok-retry').expect(200);
    await reads(again.tokens.judge, 'judge', 'tok-retry').expect(200);
    expect((await create({ ...body, tournament: { event: 'Other', round: 1, table: 1 } }).expect(409)).body.code).toBe('MATCH_ALREADY_EXISTS');
    await create({ ...body, eventId: 'another-id' }).expect(409);
    await reads(again.tokens.players.p1, 'p1', 'tok-retry').expect(200);
    expect((await t.http().get('/matches/tok-retry/views/judge').set(t.organizer)).body.revision).toBe(1);
  });

  it('no match stream, export or view shows the token stream or a token hash', async () => {
    const { tokens } = (await create(lorcanaMatch('tok-hidden')).expect(201)).body;
    await t
      .http()
      .post('/matches/tok-hidden/events')
      .set(t.organizer)
      .send({ expectedRevision: 1, events: [draw()] })
      .expect(201);
    const exported = (await t.http().get('/matches/tok-hidden/export').set(t.bearer(tokens.judge)).expect(200)).text;
    const observed = JSON.stringify((await t.http().get('/matches/tok-hidden/events?audience=judge').set(t.bearer(tokens.judge)).expect(200)).body);
    for (const text of [exported, observed]) {
      expect(text).not.toContain('Tokens');
      for (const token of [tokens.judge, ...(Object.values(tokens.players) as string[])]) expect(text).not.toContain(hashToken(token));
    }
    for (const path of ['views/public', 'events', 'export'])
      await t
        .http()
        .get(`/matches/${encodeURIComponent('tokens@tok-hidden')}/${path}`)
        .set(t.organizer)
        .expect(404);
    await t
      .http()
      .post(`/matches/${encodeURIComponent('tokens@tok-hidden')}/events`)
      .set(t.organizer)
      .send({ expectedRevision: 2, events: [draw()] })
      .expect(404);
  });
});

describe('a lost catalog.sqlite', () => {
  it('comes back from the log with every token, re-issued ones included', async () => {
    const first = await startTestApp();
    const { tokens } = (await first.http().post('/matches').set(first.organizer).send(lorcanaMatch('tok-lost')).expect(201)).body;
    const fresh = (
      await first
        .http()
        .post('/matches/tok-lost/tokens')
        .set(first.organizer)
        .send({ roles: ['p2'] })
        .expect(201)
    ).body.tokens;
    await first.app.close();
    for (const file of ['catalog.sqlite', 'catalog.sqlite-wal', 'catalog.sqlite-shm']) rmSync(join(first.dataDir, file), { force: true });

    const t = await startTestApp({ dataDir: first.dataDir });
    try {
      const log = await t.app.get<EventStore>(EVENT_STORE).readAll(0, 1000);
      await t.app.get<CatalogProjector>(CATALOG_PROJECTOR).caughtUpTo(log[log.length - 1].position);
      await t.http().get('/matches/tok-lost/views/p1').set(t.bearer(tokens.players.p1)).expect(200);
      await t.http().get('/matches/tok-lost/views/judge').set(t.bearer(tokens.judge)).expect(200);
      await t.http().get('/matches/tok-lost/views/p2').set(t.bearer(fresh.players.p2)).expect(200);
      await t.http().get('/matches/tok-lost/views/p2').set(t.bearer(tokens.players.p2)).expect(401);
      expect((await t.http().get('/matches/tok-lost').expect(200)).body.eventCount).toBe(1);
    } finally {
      await t.close();
    }
  });
});

import { ViewerRig, example, shownAt, startViewerRig } from './support/viewer-fixture';

describe('the web viewer in live mode, on the live feed, in Chromium', () => {
  let rig: ViewerRig;
  beforeAll(async () => {
    rig = await startViewerRig();
  }, 60_000);
  afterAll(() => rig?.close());

  it('shows each event appended over HTTP as it comes, and says when the match has ended', async () => {
    const { events } = JSON.parse(example('lorcana', 'events.json'));
    const http = rig.app.http;
    const id = (await http().post('/matches').set(rig.app.organizer).set('Content-Type', 'application/json').send(example('lorcana', 'match.json')).expect(201)).body.matchId;
    await http()
      .post(`/matches/${id}/events`)
      .set(rig.app.organizer)
      .send({ expectedRevision: 1, events: events.slice(0, 20) })
      .expect(201);
    const page = await rig.open(`/viewer/${id}?audience=public&live=1`);
    await shownAt(page, 21);
    await http()
      .post(`/matches/${id}/events`)
      .set(rig.app.organizer)
      .send({ expectedRevision: 21, events: events.slice(20, 21) })
      .expect(201);
    await shownAt(page, 22);
    await http()
      .post(`/matches/${id}/events`)
      .set(rig.app.organizer)
      .send({ expectedRevision: 22, events: events.slice(21) })
      .expect(201);
    await shownAt(page, 55);
    await page.waitForFunction(`document.querySelector('.live-status')?.textContent === 'The match has ended.'`, undefined, { timeout: 10_000 });
  });
});

import { startLine } from '../src/start-line';

describe('the line a start says', () => {
  it('names the viewer, the API docs, the data directory and the organizer key file, on the port it listens on', () => {
    expect(startLine({ dataDir: '/srv/matchlog/data', store: 'sqlite', organizerKeyFile: '/srv/matchlog/data/organizer.key' }, 3000)).toBe(
      'matchlog listening on http://localhost:3000: viewer http://localhost:3000/viewer/, API docs http://localhost:3000/docs, data in /srv/matchlog/data (store: sqlite), organizer key in /srv/matchlog/data/organizer.key',
    );
  });

  it('with the key set in the environment, says so and nothing of the key', () => {
    const line = startLine({ dataDir: '/data', store: 'postgres', organizerKeyFile: null }, 8080);
    expect(line).toContain('organizer key from MATCHLOG_ORGANIZER_KEY');
    expect(line).toContain('http://localhost:8080/viewer/');
    expect(line).toContain('(store: postgres)');
  });
});

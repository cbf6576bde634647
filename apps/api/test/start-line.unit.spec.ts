import { startLine } from '../src/start-line';

describe('the line a start says', () => {
  it('names the viewer, the API docs, the data directory and the organizer key file, on the port it listens on', () => {
    expect(startLine({ dataDir: '/srv/matchlog/data', store: 'sqlite', organizerKeyFile: '/srv/matchlog/data/organizer.key' }, 3000)).toBe(
      "matchlog listening on http://localhost:3000: viewer http://localhost:3000/viewer/, API docs http://localhost:3000/docs, data in /srv/matchlog/data (store: sqlite), organizer key in /srv/matchlog/data/organizer.key; no address but this machine: set MATCHLOG_PUBLIC_URL, or join the venue's network, for phones to open links",
    );
  });

  it("lists where phones on the venue's network open the viewer: the LAN addresses, or MATCHLOG_PUBLIC_URL", () => {
    const config = { dataDir: '/data', store: 'sqlite', organizerKeyFile: null } as const;
    expect(startLine(config, 3000, ['http://192.168.1.20:3000', 'http://10.0.0.5:3000'])).toMatch(
      /; phones open http:\/\/192\.168\.1\.20:3000\/viewer\/ or http:\/\/10\.0\.0\.5:3000\/viewer\/$/,
    );
    expect(startLine(config, 3000, ['https://matchlog.example.org'])).toMatch(/; phones open https:\/\/matchlog\.example\.org\/viewer\/$/);
  });

  it('with the key set in the environment, says so and nothing of the key', () => {
    const line = startLine({ dataDir: '/data', store: 'postgres', organizerKeyFile: null }, 8080);
    expect(line).toContain('organizer key from MATCHLOG_ORGANIZER_KEY');
    expect(line).toContain('http://localhost:8080/viewer/');
    expect(line).toContain('(store: postgres)');
  });
});

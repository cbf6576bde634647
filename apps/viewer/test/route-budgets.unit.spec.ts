import { join } from 'path';

interface RouteSize {
  readonly page: string;
  readonly files: readonly string[];
  readonly bytes: number;
  readonly gzip: number;
  readonly sources: readonly string[];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { routeSizes } = require(join(__dirname, '..', '..', '..', 'scripts', 'viewer-sizes.js')) as { routeSizes: () => RouteSize[] };

/**
 * Gzipped bytes (zlib, level 9) a route downloads before its page works: app.js, the page's chunk and every chunk
 * they import statically (scripts/viewer-sizes.js), in English: a Spanish page also fetches the Spanish words.
 * Each a little above what it measured (in brackets) when the bundle was split per route; docs/performance.md
 * keeps the figures.
 */
const BUDGETS: Record<string, number> = {
  'apps/viewer/src/pages/matches/page.ts': 23_000, // the list (21,747)
  'apps/viewer/src/pages/overlay/page.ts': 30_000, // the OBS overlay (28,501)
  'apps/viewer/src/pages/stats/page.ts': 23_500, // (22,347)
  'apps/viewer/src/pages/round/page.ts': 24_500, // (23,269)
  'apps/viewer/src/pages/desk/page.ts': 27_500, // the judge's desk (25,964)
  'apps/viewer/src/pages/call/page.ts': 36_000, // one call at the desk (34,255)
  'apps/viewer/src/pages/organize/page.ts': 33_500, // with the QR codes (31,760)
  'apps/viewer/src/pages/new-match/page.ts': 38_000, // (36,352)
  'apps/viewer/src/pages/match/page.ts': 39_500, // (37,713)
  'apps/viewer/src/pages/recorder/page.ts': 55_000, // the domain validates offline (52,868)
};

/** What only the recorder and the organizer's pages need: the domain's rules, the QR encoder. */
const HEAVY = ['libs/domain/', 'node_modules/qrcode/'];

// issue 40 §2: the OBS overlay downloaded the domain and the QR library with every other page
describe("the viewer's bundle, per route", () => {
  const routes = routeSizes();
  const of = (page: string) => routes.find((route) => route.page === page)!;

  it('every page main.ts loads has a budget, and every budget a page', () => {
    expect(routes.map((route) => route.page).sort()).toEqual(Object.keys(BUDGETS).sort());
  });

  it.each(Object.entries(BUDGETS))('%s downloads at most %d bytes gzipped', (page, budget) => {
    expect(of(page).gzip).toBeLessThanOrEqual(budget);
  });

  it("only the recorder holds the domain, only the organizer's two pages the QR library", () => {
    const allowed: Record<string, readonly string[]> = {
      'apps/viewer/src/pages/recorder/page.ts': ['libs/domain/'],
      'apps/viewer/src/pages/organize/page.ts': ['node_modules/qrcode/'],
      'apps/viewer/src/pages/new-match/page.ts': ['node_modules/qrcode/'],
    };
    for (const { page, sources } of routes) {
      const heavy = HEAVY.filter((prefix) => !(allowed[page] ?? []).includes(prefix));
      expect([page, sources.filter((source) => heavy.some((prefix) => source.startsWith(prefix)))]).toEqual([page, []]);
    }
  });

  it('no route downloads the Spanish words before it knows the page speaks Spanish', () => {
    for (const { page, sources } of routes) expect([page, sources.includes('apps/viewer/src/i18n/es.ts')]).toEqual([page, false]);
  });

  it('the recorder holds the domain, the organizer the QR library: the split is by route, not by leaving them out', () => {
    expect(of('apps/viewer/src/pages/recorder/page.ts').sources).toContainEqual(expect.stringMatching(/^libs\/domain\//));
    expect(of('apps/viewer/src/pages/organize/page.ts').sources).toContainEqual(expect.stringMatching(/^node_modules\/qrcode\//));
  });
});

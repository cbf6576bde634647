import { loadLanguage, setLanguage } from '../src/i18n';
import { syncLine, syncState } from '../src/record/sync-status';

// the Spanish words are a chunk of their own, fetched before a page speaks them
beforeAll(() => loadLanguage('es'));

const at = new Date('2025-03-01T14:02:31Z');
const time = () => '14:02:31';

describe("the recorder's status line tells synced from unsynced", () => {
  afterEach(() => setLanguage('en'));

  it('online with nothing waiting: synced, with when the server last answered (a reload counts: it read the match)', () => {
    const facts = { online: true, pending: 0, lastSynced: at };
    expect(syncState(facts)).toBe('synced');
    expect(syncLine(facts, time)).toBe('Online · Synced: the server has every action · last synced 14:02:31');
  });

  it('online with actions waiting: not synced, and how many', () => {
    const facts = { online: true, pending: 3, lastSynced: at };
    expect(syncState(facts)).toBe('waiting');
    expect(syncLine(facts, time)).toBe('Online · Not synced: 3 actions wait · last synced 14:02:31');
    expect(syncLine({ ...facts, pending: 1 }, time)).toBe('Online · Not synced: 1 action waits · last synced 14:02:31');
  });

  it('offline: says so first, whatever waits', () => {
    expect(syncState({ online: false, pending: 0, lastSynced: at })).toBe('offline');
    expect(syncLine({ online: false, pending: 12, lastSynced: at }, time)).toBe('Offline · 12 actions wait · last synced 14:02:31');
    expect(syncLine({ online: false, pending: 0, lastSynced: null }, time)).toBe('Offline · nothing waits · not synced yet');
  });

  it('in Spanish', () => {
    setLanguage('es');
    expect(syncLine({ online: true, pending: 2, lastSynced: at }, time)).toMatch(/^En línea · Sin sincronizar: 2 /);
  });
});

import type { RoundLog } from '@matchlog/client';
import { loadLanguage, setLanguage } from '../src/i18n';
import { roundLogText, shortSlip, shownEntry } from '../src/ui/round-log-line';

// the Spanish words are a chunk of their own, fetched before a page speaks them
beforeAll(() => loadLanguage('es'));

const A = `1a2b3c4d5e6f${'a'.repeat(52)}`;
const B = `9f8e7d6c5b4a${'b'.repeat(52)}`;
const entry = (slip: string, index: number | null, current: boolean): RoundLog['entries'][number] => ({
  index,
  slip,
  counts: [],
  closedAt: '2026-11-28T10:00:00.000Z',
  current,
  proof: index === null ? null : `/rounds/log/proof?event=Lyon&round=3&slip=${slip}`,
});
const log = (...entries: RoundLog['entries']): RoundLog => ({ event: 'Lyon', round: 3, entries });

describe("the round page's line for the round's entry in the log", () => {
  afterEach(() => setLanguage('en'));

  it('says nothing while the round is not closed', () => {
    expect(roundLogText(log())).toBeNull();
    expect(shownEntry(log())).toBeNull();
  });

  it('says where the round was logged, with the slip hash in short', () => {
    expect(shortSlip(A)).toBe('1a2b3c4d5e6f');
    expect(roundLogText(log(entry(A, 17, true)))).toBe('Closed and logged at #17 · slip 1a2b3c4d5e6f');
  });

  it('shows the entry of the slip on the page; when no entry is, the latest, saying a result changed since', () => {
    expect(shownEntry(log(entry(A, 17, true), entry(B, 30, false)))?.index).toBe(17);
    expect(roundLogText(log(entry(A, 17, false), entry(B, 30, false)))).toBe('Closed and logged at #30 · slip 9f8e7d6c5b4a · a result changed since');
  });

  it('says so while the entry is not in the log yet', () => {
    expect(roundLogText(log(entry(A, null, true)))).toBe('Closed, not in the log yet · slip 1a2b3c4d5e6f');
  });

  it('in Spanish', () => {
    setLanguage('es');
    expect(roundLogText(log(entry(A, 17, true)))).toBe('Cerrada y registrada en #17 · hoja 1a2b3c4d5e6f');
  });
});

import { loadLanguage, setLanguage } from '../src/i18n';
import { ledgerText } from '../src/ui/ledger-line';

// the Spanish words are a chunk of their own, fetched before a page speaks them
beforeAll(() => loadLanguage('es'));

const signedAt = '2026-11-28T10:00:00.000Z';
const at = (lang: string) => new Date(signedAt).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'medium' });

describe("the match page's line on the server's log", () => {
  afterEach(() => setLanguage('en'));

  it('names the latest published entry, the checkpoint time and how many witnesses cosigned it', () => {
    const entries = [
      { index: 3, kind: 'match-ended', revision: 9 },
      { index: 7, kind: 'match-voided', revision: 10 },
    ];
    expect(ledgerText({ entries, checkpoint: { size: 8, signedAt, cosignatures: 2 } })).toBe(`Logged at #7 in checkpoint of ${at('en')}, cosigned by 2 witnesses`);
    expect(ledgerText({ entries, checkpoint: { size: 8, signedAt, cosignatures: 1 } })).toBe(`Logged at #7 in checkpoint of ${at('en')}, cosigned by 1 witness`);
    expect(ledgerText({ entries, checkpoint: { size: 8, signedAt, cosignatures: 0 } })).toBe(`Logged at #7 in checkpoint of ${at('en')}`);
  });

  it('says nothing for a match not in a published checkpoint', () => {
    expect(ledgerText({ entries: [], checkpoint: { size: 8, signedAt, cosignatures: 1 } })).toBeNull();
    expect(ledgerText({ entries: [], checkpoint: null })).toBeNull();
  });

  it('in Spanish', () => {
    setLanguage('es');
    expect(ledgerText({ entries: [{ index: 0, kind: 'match-ended', revision: 2 }], checkpoint: { size: 1, signedAt, cosignatures: 3 } })).toBe(
      `Registrada en el n.º 0 del punto de control del ${at('es')}, cofirmado por 3 testigos`,
    );
  });
});

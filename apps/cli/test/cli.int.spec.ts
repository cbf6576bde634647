import { chainEvents, chainHeadOf, jwksOf, signHead, thumbprintOf, publicJwkOf, toJsonLines } from '@matchlog/audit';
import { createPublicKey, generateKeyPairSync } from 'crypto';
import { MatchEvent } from '@matchlog/domain';
import { execFile } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const root = join(__dirname, '..', '..', '..');

/** runs bin/matchlog.js as an auditor would: no server, no database */
const matchlog = (...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(process.execPath, [join(root, 'bin', 'matchlog.js'), ...args], { cwd: root }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    ),
  );

const lorcana = (): MatchEvent[] => {
  const match = JSON.parse(readFileSync(join(root, 'examples/lorcana/match.json'), 'utf8'));
  const body = JSON.parse(readFileSync(join(root, 'examples/lorcana/events.json'), 'utf8'));
  const stamp = { recordedBy: 'scorekeeper', recordedAt: '2026-11-21T10:00:00.000Z' };
  return [
    { id: 'e0', type: 'MatchCreated', data: match, meta: { ...stamp, chainSalt: 'ab'.repeat(32) } },
    ...body.events.map((e: object, i: number) => ({ id: `e${i + 1}`, ...e, meta: stamp })),
  ];
};

const SERVER = generateKeyPairSync('ed25519').privateKey;
const FORGER = generateKeyPairSync('ed25519').privateKey;
const FINGERPRINT = thumbprintOf(publicJwkOf(SERVER));
const signedExport = (events: MatchEvent[], key = SERVER) =>
  toJsonLines(events, signHead({ purpose: 'export', matchId: 'cli-1', revision: events.length, hash: chainHeadOf(events), time: '2026-11-21T11:00:00.000Z' }, key));

describe('npx matchlog (offline CLI)', () => {
  let dir: string;
  let exported: string;
  let jwks: string;
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-cli-'));
    exported = file('match.jsonl', signedExport(chainEvents(lorcana())));
    jwks = file('jwks.json', JSON.stringify(jwksOf([SERVER])));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('verify: a signed export passes and prints the key fingerprint; --key pins it (a JWKS or a PEM public key), in English or Spanish', async () => {
    const unpinned = await matchlog('verify', exported);
    expect(unpinned).toMatchObject({ code: 0 });
    expect(unpinned.stdout).toContain('chain intact: 55 events');
    expect(unpinned.stdout).toContain(`signing key: ${FINGERPRINT} (not pinned`);
    const pinned = await matchlog('verify', exported, '--key', jwks);
    expect(pinned).toMatchObject({ code: 0, stdout: expect.stringContaining(`signing key: ${FINGERPRINT} (pinned with --key)`) });
    const pem = file('server.pub.pem', createPublicKey(SERVER).export({ format: 'pem', type: 'spki' }) as string);
    expect(await matchlog('verify', exported, '--key', pem)).toMatchObject({ code: 0 });
    expect((await matchlog('verify', exported, '--key', jwks, '--lang', 'es')).stdout).toContain(`clave de firma: ${FINGERPRINT} (fijada con --key)`);
    expect(await matchlog('verify', exported, '--key', exported)).toMatchObject({ code: 2, stderr: expect.stringContaining('--key') });
  });

  it('verify: a log cut short, re-signed by another key, or unsigned fails, naming the problem; unsigned passes only with --allow-unsigned', async () => {
    const lines = readFileSync(exported, 'utf8').trimEnd().split('\n');
    const cut = file('cut.jsonl', `${lines.slice(0, -3).join('\n')}\n${lines.at(-1)}\n`);
    expect(await matchlog('verify', cut, '--key', jwks)).toMatchObject({
      code: 1,
      stdout: expect.stringMatching(/REFUSED \(HEAD_MISMATCH\) at line 54:\n {2}.*the last events were cut off/),
    });
    const headless = file('headless.jsonl', `${lines.slice(0, -2).join('\n')}\n`);
    expect(await matchlog('verify', headless, '--key', jwks)).toMatchObject({ code: 1, stdout: expect.stringContaining('REFUSED (HEAD_MISSING)') });
    expect(await matchlog('verify', headless, '--allow-unsigned')).toMatchObject({ code: 0, stdout: expect.stringContaining('UNSIGNED') });
    expect(await matchlog('verify', headless, '--lang', 'es')).toMatchObject({ code: 1, stdout: expect.stringContaining('el registro no tiene cabeza firmada') });
    const resigned = file('resigned.jsonl', signedExport(chainEvents(lorcana().slice(0, 40)), FORGER));
    expect(await matchlog('verify', resigned, '--key', jwks)).toMatchObject({
      code: 1,
      stdout: expect.stringContaining(`REFUSED (SIGNATURE_KEY_UNKNOWN) at line 41:\n  the head is signed by key ${thumbprintOf(publicJwkOf(FORGER))}`),
    });
    const twice = file('twice.jsonl', [...lines.slice(0, -2), lines.at(-2)!.replace('"type":"MatchEnded"', '"type":"MatchEnded","type":"TurnStarted"'), lines.at(-1)].join('\n'));
    expect(await matchlog('verify', twice, '--key', jwks)).toMatchObject({ code: 1, stdout: expect.stringContaining('REFUSED (LINE_NOT_CANONICAL)') });
  });

  it("verify --receipt: a log that does not extend the receipt's head fails", async () => {
    const events = chainEvents(lorcana());
    const receipt = file(
      'receipt.json',
      JSON.stringify(signHead({ purpose: 'receipt', matchId: 'cli-1', revision: 30, hash: events[29].meta!.hash!, time: '2026-11-21T10:30:00.000Z' }, SERVER)),
    );
    expect(await matchlog('verify', exported, '--key', jwks, '--receipt', receipt)).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('receipt: the log extends the head of revision 30'),
    });
    const rewritten = chainEvents(lorcana().map((e, i) => (i === 12 ? { ...e, id: 'rewritten' } : e)));
    const later = file('rewritten.jsonl', signedExport(rewritten));
    expect(await matchlog('verify', later, '--key', jwks, '--receipt', receipt)).toMatchObject({
      code: 1,
      stdout: expect.stringContaining('REFUSED (RECEIPT_MISMATCH) at line 30'),
    });
  });

  it('verify: one changed line is found and located', async () => {
    const lines = readFileSync(exported, 'utf8').split('\n');
    lines[9] = lines[9].replace(/"turn":\d+/, '"turn":99').replace(/"Ariel[^"]*"/, '"Forged"');
    const forged = join(dir, 'forged.jsonl');
    writeFileSync(forged, lines.join('\n'));
    const broken = await matchlog('verify', forged, '--json');
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout).chain).toMatchObject({ ok: false, line: 10, reason: 'changed' });
  });

  it('audit: a clean match exits 0; a planted violation exits 1 and is named with its rule, in English or Spanish', async () => {
    expect(await matchlog('audit', exported)).toMatchObject({ code: 0, stdout: expect.stringContaining('no findings') });
    const planted = join(root, 'examples/audit/lorcana/look-without-effect.jsonl');
    const en = await matchlog('audit', planted);
    expect(en.code).toBe(1);
    expect(en.stdout).toMatch(/LOOK_WITHOUT_EFFECT\s+\(lorcana 7\.1\.3, violation/);
    const es = await matchlog('audit', planted, '--lang', 'es', '--json');
    expect(JSON.parse(es.stdout).findings[0].message).toMatch(/zona privada/);
  });

  it('replay --as p2 --at 20 prints what p2 saw then: p1 hand by count only; the judge sees it all', async () => {
    const p2 = await matchlog('replay', exported, '--as', 'p2', '--at', '20');
    expect(p2.code).toBe(0);
    expect(p2.stdout).toContain('as p2, revision 20');
    expect(p2.stdout).toMatch(/hand@p1 \(5\)(\n {2}h\d+ \?){5}\n/);
    const view = JSON.parse((await matchlog('replay', exported, '--as', 'judge', '--at', '20', '--json')).stdout);
    expect(view.zones['hand@p1'].cards.every((c: { cardId: string }) => c.cardId)).toBe(true);
  });

  it('knowledge --at 20: which deck positions are still random, and who knows which hidden card', async () => {
    const out = await matchlog('knowledge', exported, '--at', '20');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/deck@p1: \d+ cards, \d+ still random/);
    expect(JSON.parse((await matchlog('knowledge', exported, '--at', '20', '--json')).stdout).revision).toBe(20);
    expect(out.stdout).toMatch(/hidden cards someone other than their owner can identify:\n {2}none/);
    // 7.2.3: Under the Sea put them on the bottom of p1's deck face up, in a known order: everyone still knows them there
    const later = await matchlog('knowledge', exported, '--at', '40');
    expect(later.stdout).toMatch(/Ariel - On Human Legs \[c13\] in deck@p1: p2 \(public-zone at r\d+\), public/);
  });

  it("--help and -h print the usage on stdout and exit 0; --version prints package.json's version", async () => {
    for (const flag of ['--help', '-h']) {
      const help = await matchlog(flag);
      expect(help).toMatchObject({ code: 0, stderr: '' });
      expect(help.stdout).toMatch(/^usage: matchlog <command> <file.jsonl> \[options\]/);
      expect(help.stdout).toMatch(/exit codes:\n {2}0 {2}clean.*\n {2}1 {2}a violation found, or a broken log.*\n {2}2 {2}usage/);
    }
    expect(await matchlog('audit', exported, '--help')).toMatchObject({ code: 0, stdout: expect.stringContaining('usage: matchlog') });
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(await matchlog('--version')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('--json and --at work before or after the file, and --at=N too; an unknown flag exits 2 with the usage', async () => {
    const after = await matchlog('knowledge', exported, '--json', '--at', '20');
    for (const args of [
      ['knowledge', '--json', '--at', '20', exported],
      ['knowledge', '--at=20', exported, '--json'],
      ['--json', 'knowledge', exported, '--at=20'],
    ]) {
      expect(await matchlog(...args)).toEqual(after);
    }
    expect(JSON.parse(after.stdout).revision).toBe(20);
    const unknown = await matchlog('audit', exported, '--verbose');
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain("Unknown option '--verbose'");
    expect(unknown.stderr).toContain('usage: matchlog');
  });

  it('--lang es translates every line of every command, summaries and headings included', async () => {
    const planted = join(root, 'examples/audit/lorcana/look-without-effect.jsonl');
    const cut = join(dir, 'cut.jsonl');
    const lines = readFileSync(exported, 'utf8').split('\n');
    writeFileSync(cut, [...lines.slice(0, 5), ...lines.slice(6)].join('\n'));
    const runs = [
      ['audit', planted],
      ['verify', exported],
      ['verify', cut],
      ['knowledge', exported, '--at', '40'],
      ['replay', exported, '--as', 'p1', '--at', '42'],
    ];
    const spanish = [
      ['4 eventos: 1 hallazgo(s), 1 infracción(es)', '(lorcana 7.1.3, infracción, p1 p2)', 'p1 miró una carta de una zona privada'],
      ['cadena intacta: 55 eventos', 'compromisos de barajado: todos coinciden'],
      ['cadena ROTA en la línea 6 (evento e6): eliminado o reordenado\n  el evento no sigue al que tiene delante'],
      [
        'conocimiento en la revisión 40 (lorcana)',
        'aún al azar (posiciones',
        'conocida por p1, p2, public',
        'cartas ocultas que alguien distinto de su dueño puede identificar:',
        'p2 (en una zona pública en r9)',
      ],
      ['lorcana — como p1, revisión 42', 'turno 5, jugador activo p1', 'bolsa: 3 pendiente(s), elige ahora p1 (esperando a que se resuelva una acción, 7.1.6.1)'],
    ];
    for (const [i, args] of runs.entries()) {
      const en = await matchlog(...args);
      const es = await matchlog(...args, '--lang', 'es');
      expect(es.code).toBe(en.code);
      for (const line of spanish[i]) expect(es.stdout).toContain(line);
      // every line that is not just data (a zone and its cards, a bag item) reads differently
      const data = /^(\s+h\d+ .*|[a-z-]+@p\d+ \(\d+\)|\s+bag-\d+ .*|)$/;
      const esLines = es.stdout.split('\n');
      en.stdout.split('\n').forEach((line, n) => {
        if (!data.test(line)) expect(esLines[n]).not.toBe(line);
      });
    }
    const broken = await matchlog('knowledge', exported, '--at', '999', '--lang', 'es');
    expect(broken).toMatchObject({ code: 2, stderr: expect.stringContaining('--at 999 va más allá del final de este registro: tiene 55 eventos') });
  });

  it('bad usage and unreadable files exit 2 with a message naming the problem; a log that is not JSON Lines is broken: exit 1', async () => {
    expect(await matchlog('replay', exported)).toMatchObject({ code: 2, stderr: expect.stringContaining('needs --as') });
    expect(await matchlog('replay', exported, '--as', 'p9')).toMatchObject({ code: 2, stderr: expect.stringContaining('audiences are public, p1, p2, judge') });
    // a match that asks for no broadcast has no broadcast audience
    expect(await matchlog('replay', exported, '--as', 'broadcast')).toMatchObject({ code: 2, stderr: expect.stringContaining('audiences are public, p1, p2, judge') });
    expect(await matchlog('knowledge', exported, '--at', '999')).toMatchObject({ code: 2, stderr: expect.stringContaining('past the end') });
    expect(await matchlog('audit', join(dir, 'missing.jsonl'))).toMatchObject({ code: 2, stderr: expect.stringContaining('cannot read') });
    writeFileSync(join(dir, 'bad.jsonl'), '{"data":{"player":"p1","turn":1},"id":"a","type":"TurnStarted"}\nnot json\n');
    expect(await matchlog('audit', join(dir, 'bad.jsonl'))).toMatchObject({ code: 1, stderr: expect.stringContaining('line 2') });
    expect(await matchlog('frobnicate', exported)).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command') });
  });

  it('audit, replay and knowledge refuse a log the domain refuses, naming the line, the code and the field: exit 1', async () => {
    const events = lorcana();
    const bad = events.map((event, i) => (i === 2 ? { ...event, data: { ...event.data, salt: 'not hex' } } : event)) as MatchEvent[];
    const file = join(dir, 'malformed.jsonl');
    writeFileSync(file, toJsonLines(chainEvents(bad)));
    for (const args of [['audit'], ['replay', '--as', 'p1'], ['knowledge']]) {
      expect(await matchlog(args[0], file, ...args.slice(1))).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('line 3: the event is refused (MALFORMED_EVENT at data.salt): data.salt must be 32 to 128 lowercase hex digits'),
      });
    }
    expect((await matchlog('audit', file, '--lang', 'es')).stderr).toContain('línea 3: el evento se rechaza (MALFORMED_EVENT en data.salt)');
  });
});

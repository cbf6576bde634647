import { checkCommitments, commitmentOf, sealShuffle, shuffleCommitment } from '@matchlog/audit';
import { canonicalJson } from '@matchlog/audit';
import { GENESIS, chainEvents, chainHeadOf, eventHash, verifyChain } from '@matchlog/audit';
import { parseJsonLines, toJsonLines } from '@matchlog/audit';
import { SignedHead, jwksOf, pinnedKeysOf, publicJwkOf, signHead, thumbprintOf } from '@matchlog/audit';
import { verifyLog } from '@matchlog/audit';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { EventOf, GameId, MatchEvent, MatchState, Replay, emptyMatch, foldMatch } from '@matchlog/domain';
import fc from 'fast-check';
import { at, cards, created, event, move } from '@matchlog/testkit';
import { randomMatch } from '@matchlog/testkit';

const games: GameId[] = ['lorcana', 'four-souls', 'grand-archive'];
const RUNS = Number(process.env.MATCHLOG_PROPERTY_RUNS ?? 300);

const linesOf = (text: string) => text.slice(0, -1).split('\n');
const parsed = (text: string) => {
  const result = parseJsonLines(text);
  if ('error' in result) throw new Error(result.error.message);
  return result;
};

describe('canonicalJson', () => {
  it('sorts keys at every depth, writes no whitespace, and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('writes strings, numbers and the rest as JSON.stringify does', () => {
    for (const value of ['é "q" \n \u2028', 0.1, 1e21, -0, 123456789.125, true, null, [undefined, () => 1], { u: undefined }]) {
      expect(canonicalJson(value)).toBe(JSON.stringify(value));
    }
  });

  it('is the same whatever order the keys were built in', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const reordered = JSON.parse(JSON.stringify(value), (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v));
        expect(canonicalJson(reordered)).toBe(canonicalJson(value));
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe('the hash chain', () => {
  const match = chainEvents(
    randomMatch(
      'lorcana',
      Array.from({ length: 40 }, (_, i) => i * 7919),
    ),
  );

  it('chains each event to the one before it, the first to 64 zeros, in meta beside recordedBy and recordedAt', () => {
    expect(match[0].meta).toMatchObject({ recordedBy: 'test-recorder', previous: GENESIS, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    for (let i = 1; i < match.length; i++) expect(match[i].meta!.previous).toBe(match[i - 1].meta!.hash);
    expect(verifyChain(match)).toEqual({ ok: true, count: match.length, head: match.at(-1)!.meta!.hash });
  });

  it('survives storage: JSON round trips and keys in another order', () => {
    const stored = match.map((e) => JSON.parse(JSON.stringify({ meta: e.meta, data: e.data, type: e.type, id: e.id })) as MatchEvent);
    expect(verifyChain(stored).ok).toBe(true);
  });

  it('exports as JSON Lines (one canonical event per line, then the chain head) and reads it back', () => {
    const text = toJsonLines(match);
    const lines = linesOf(text);
    expect(lines).toHaveLength(match.length + 1);
    expect(JSON.parse(lines[0])).toEqual(match[0]);
    expect(JSON.parse(lines.at(-1)!)).toEqual({ chain: { count: match.length, head: match.at(-1)!.meta!.hash } });
    const back = parsed(text);
    expect(back.events).toEqual(match);
    expect(verifyChain(back.events, back.head).ok).toBe(true);
    expect(toJsonLines(back.events)).toBe(text);
    expect(parsed(text.replace(/\n/g, '\r\n')).events).toHaveLength(match.length);
  });

  it('names the first unreadable line', () => {
    const lines = linesOf(toJsonLines(match));
    const unreadable = (line: number, message: unknown) => ({ error: { code: 'LOG_UNREADABLE', line, message } });
    expect(parseJsonLines([lines[0], '{"id":', lines[2]].join('\n'))).toEqual(unreadable(2, expect.stringMatching(/^line 2: is not JSON/)));
    expect(parseJsonLines([lines[0], '', lines[2]].join('\n'))).toEqual(unreadable(2, expect.stringContaining('empty')));
    expect(parseJsonLines([lines[0], '{"id":"x","type":"CardMoved"}'].join('\n'))).toEqual(unreadable(2, expect.stringContaining('data')));
    expect(parseJsonLines([lines.at(-1)!, lines[0]].join('\n'))).toEqual(unreadable(2, expect.stringContaining('chain head')));
    expect(parseJsonLines('')).toEqual({ events: [] });
  });

  it('says a file whose newlines were dropped (curl -d) should be sent with --data-binary', () => {
    const joined = parseJsonLines(linesOf(toJsonLines(match)).join(''));
    expect(joined).toEqual({ error: { code: 'LOG_UNREADABLE', line: 1, message: expect.stringMatching(/^line 1: is not JSON \(.*\); .*--data-binary @file, not -d @file/) } });
    const broken = parseJsonLines('{"id":');
    expect(broken).toEqual({ error: { code: 'LOG_UNREADABLE', line: 1, message: expect.not.stringContaining('--data-binary') } });
  });

  it('says what it expected: a changed event, a removed one, a moved one, an unchained one', () => {
    const changed = match.map((e, i) => (i === 3 ? { ...e, id: 'forged' } : e));
    expect(verifyChain(changed)).toMatchObject({
      ok: false,
      index: 3,
      line: 4,
      reason: 'changed',
      eventId: 'forged',
      message: expect.stringMatching(/^line 4 \(event "forged", \w+\) was changed: its content hashes to [0-9a-f]{12}…, but it was recorded with hash/),
    });
    const removed = [...match.slice(0, 5), ...match.slice(6)];
    expect(verifyChain(removed)).toMatchObject({
      ok: false,
      index: 5,
      line: 6,
      reason: 'removed or reordered',
      message: expect.stringMatching(/expected it to follow line 5 \(hash [0-9a-f]{12}…\), but it was recorded after an event .* no longer in the log/),
    });
    const swapped = [...match.slice(0, 5), match[6], match[5], ...match.slice(7)];
    expect(verifyChain(swapped)).toMatchObject({ ok: false, index: 5, reason: 'removed or reordered', message: expect.stringContaining('recorded after the event now on line 7') });
    const unchained = match.map((e, i) => (i === 2 ? { ...e, meta: { recordedBy: 'x', recordedAt: 'y' } } : e)) as MatchEvent[];
    expect(verifyChain(unchained)).toMatchObject({ ok: false, index: 2, reason: 'unchained' });
    expect(verifyChain(match.slice(1))).toMatchObject({ ok: false, index: 0, line: 1, message: expect.stringContaining('expected it to be the first event') });
  });

  it('sees the last events removed only with the chain head, and names its line', () => {
    expect(verifyChain(match.slice(0, -1)).ok).toBe(true); // nothing follows them: compare the head with one kept elsewhere
    const head = { count: match.length, head: match.at(-1)!.meta!.hash! };
    expect(verifyChain(match.slice(0, -1), head)).toMatchObject({ ok: false, index: match.length - 1, line: match.length, reason: 'removed or reordered' });
    expect(verifyChain(match, { ...head, count: match.length - 1 })).toMatchObject({ ok: false, index: match.length - 1, reason: 'added' });
  });

  /** One event of the export, changed in one of several ways, each a real change of its content. */
  const changeLine = (line: string, how: number): string => {
    const e = JSON.parse(line);
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    switch (how % 6) {
      case 0:
        e.data.tampered = true;
        break;
      case 1:
        e.id = `${e.id}x`;
        break;
      case 2:
        e.meta.recordedAt = '2030-01-01T00:00:00.000Z';
        break;
      case 3: {
        const key = Object.keys(e.data).find((k) => typeof e.data[k] === 'string');
        if (key) e.data[key] = `${e.data[key]}x`;
        else e.data = { ...e.data, extra: 1 };
        break;
      }
      case 4:
        e.meta.hash = flip(e.meta.hash);
        break;
      default:
        e.meta.previous = flip(e.meta.previous);
    }
    return canonicalJson(e);
  };

  it.each(games)(`flipping any single event of an exported %s log (changing, deleting or swapping) is detected by verify, at that event (${RUNS} logs)`, (game) => {
    const logs = fc.array(fc.nat(), { minLength: 3, maxLength: 80 });
    fc.assert(
      fc.property(logs, fc.constantFrom('change', 'delete', 'swap'), fc.nat(), fc.nat(), (choices, flip, where, how) => {
        const events = chainEvents(randomMatch(game, choices, 60));
        const lines = linesOf(toJsonLines(events));
        const head = lines.pop()!;
        const n = lines.length;
        fc.pre(flip !== 'swap' || n >= 2);
        const i = flip === 'swap' ? where % (n - 1) : where % n;
        const flipped = [...lines];
        if (flip === 'change') flipped[i] = changeLine(lines[i], how);
        if (flip === 'delete') flipped.splice(i, 1);
        if (flip === 'swap') [flipped[i], flipped[i + 1]] = [lines[i + 1], lines[i]];
        const back = parsed([...flipped, head].map((l) => `${l}\n`).join(''));
        const verdict = verifyChain(back.events, back.head);
        expect(verdict).toMatchObject({ ok: false, index: i, line: i + 1, reason: flip === 'change' ? 'changed' : 'removed or reordered' });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('provably fair shuffles', () => {
  const p1Deck = at('deck', 'p1');
  const p1Hand = at('hand', 'p1');
  const start = created('lorcana', [...cards('p1', 'deck', ['Ariel', 'Stitch', 'Moana', 'Mulan']), ...cards('p2', 'deck', ['Hades'])]);
  const SALT = 'a'.repeat(32);
  const stateAfter = (events: readonly MatchEvent[]): MatchState => foldMatch(events, emptyMatch);
  /** A shuffle sealed as the server seals it, against the state the events before it leave. */
  const sealed = (before: readonly MatchEvent[], order: string[], salt = SALT): EventOf<'ZoneShuffled'> => {
    const shuffle = event('ZoneShuffled', { zone: p1Deck, order });
    return { ...shuffle, data: sealShuffle(stateAfter(before), shuffle.data, salt) };
  };
  const order = ['p1-deck-2', 'p1-deck-0', 'p1-deck-3', 'p1-deck-1']; // Moana, Ariel, Mulan, Stitch

  it('commits to the zone, the definitions top first and the salt', () => {
    const shuffle = sealed([start], order);
    expect(shuffle.data.salt).toBe(SALT);
    expect(shuffle.data.commitment).toBe(shuffleCommitment({ zone: 'deck', player: 'p1' }, ['Moana', 'Ariel', 'Mulan', 'Stitch'], SALT));
    expect(shuffle.data.commitment).toBe(commitmentOf(stateAfter([start]), shuffle.data, SALT));
    expect(sealShuffle(stateAfter([start]), shuffle.data, 'b'.repeat(32))).toBe(shuffle.data); // sealed once
  });

  it('a clean shuffle, drawn from the top (one and then two at once), has no findings', () => {
    const shuffle = sealed([start], order);
    const draws = [
      move('p1-deck-2', p1Deck, p1Hand),
      event('CardsMoved', {
        moves: [
          { cardId: 'p1-deck-3', from: p1Deck, to: p1Hand },
          { cardId: 'p1-deck-0', from: p1Deck, to: p1Hand },
        ],
      }),
    ];
    expect(checkCommitments([start, shuffle, ...draws])).toEqual([]);
  });

  it('a forged commitment is a violation, in English and in Spanish', () => {
    const honest = sealed([start], order);
    const forged = { ...honest, data: { ...honest.data, order: ['p1-deck-0', 'p1-deck-2', 'p1-deck-3', 'p1-deck-1'] } };
    const [finding, ...rest] = checkCommitments([start, forged]);
    expect(rest).toEqual([]);
    expect(finding).toEqual({
      revision: 2,
      eventId: forged.id,
      code: 'SHUFFLE_COMMITMENT_MISMATCH',
      rule: 'matchlog fair shuffle',
      severity: 'violation',
      title: 'Shuffle does not match its commitment',
      players: ['p1'],
      message: expect.stringMatching(/^The shuffle of deck@p1 does not match its commitment: SHA-256 of its order and salt is [0-9a-f]{64}, but the commitment published/),
    });
    expect(checkCommitments([start, forged], { language: 'es' })[0].message).toMatch(/^El barajado de deck@p1 no coincide con su compromiso/);
    const unsalted = { ...honest, data: { zone: p1Deck, order, commitment: honest.data.commitment } };
    expect(checkCommitments([start, unsalted])[0]).toMatchObject({ code: 'SHUFFLE_COMMITMENT_MISMATCH', message: expect.stringContaining('no salt') });
    expect(checkCommitments([start, event('ZoneShuffled', { zone: p1Deck, order })])).toEqual([]); // no commitment: nothing to check
  });

  it('a card that leaves the deck but was not the committed top is a violation', () => {
    const shuffle = sealed([start], order);
    const events = [start, shuffle, move('p1-deck-2', p1Deck, p1Hand), move('p1-deck-1', p1Deck, p1Hand), move('p1-deck-0', p1Deck, p1Hand)];
    expect(checkCommitments(events)).toEqual([
      {
        revision: 4,
        eventId: events[3].id,
        code: 'DRAW_NOT_FROM_COMMITTED_ORDER',
        rule: 'matchlog fair shuffle',
        severity: 'violation',
        title: 'Card not taken in the shuffled order',
        players: ['p1'],
        message:
          '"Stitch" (p1-deck-1) left deck@p1 from position 3 (1 = top), but the order committed by the shuffle at revision 2, with the moves recorded since, had "Ariel" (p1-deck-0) on top.',
      },
    ]);
    expect(checkCommitments(events, { language: 'es' })[0].message).toBe(
      '"Stitch" (p1-deck-1) salió de deck@p1 desde la posición 3 (1 = arriba), pero el orden comprometido por el barajado de la revisión 2, con los movimientos registrados desde entonces, tenía "Ariel" (p1-deck-0) arriba.',
    );
  });

  it('follows cards put on top or on the bottom (every game: fair-shuffle-moves.unit.spec.ts)', () => {
    const shuffle = sealed([start], order);
    const onTop = [start, shuffle, move('p1-deck-2', p1Deck, p1Hand), move('p1-deck-2', p1Hand, p1Deck, { position: 'top' }), move('p1-deck-0', p1Deck, p1Hand)];
    expect(checkCommitments(onTop).map((f) => f.code)).toEqual(['DRAW_NOT_FROM_COMMITTED_ORDER']);
    // Moana back on the bottom: Ariel, Mulan, Stitch, Moana
    const below = [start, shuffle, move('p1-deck-2', p1Deck, p1Hand), move('p1-deck-2', p1Hand, p1Deck, { position: 'bottom' })];
    expect(checkCommitments([...below, move('p1-deck-0', p1Deck, p1Hand)])).toEqual([]);
    expect(checkCommitments([...below, move('p1-deck-3', p1Deck, p1Hand)]).map((f) => f.code)).toEqual(['DRAW_NOT_FROM_COMMITTED_ORDER']);
  });

  it('non-judge audiences see the commitment, never the salt, and MatchEnded discloses each order and salt to every player to check it', () => {
    const shuffle = sealed([start], order);
    const ended = event('MatchEnded', { winner: 'p2', reason: '20 lore' });
    const replay = new Replay([start, shuffle, move('p1-deck-2', p1Deck, p1Hand), ended]);
    // p2 checks p1's deck too: a player needs every shuffle, not only its own
    for (const audience of ['p1', 'p2', 'public']) {
      const observed = replay.observations(audience);
      expect(JSON.stringify(observed.slice(0, 3))).not.toContain(SALT);
      const seen = observed[1].observation as { type: string; commitment?: string };
      expect(seen).toMatchObject({ type: 'ZoneShuffled', commitment: shuffle.data.commitment });
      const end = observed[3].observation as { shuffles?: { revision: number; zone: { zone: string }; order: string[]; salt: string }[] };
      if (audience === 'public') {
        expect(end).toEqual({ type: 'MatchEnded', winner: 'p2', reason: '20 lore' });
        continue;
      }
      expect(end.shuffles).toEqual([{ revision: 2, zone: { zone: 'deck', player: 'p1' }, order: ['Moana', 'Ariel', 'Mulan', 'Stitch'], salt: SALT }]);
      const [published] = end.shuffles!;
      expect(shuffleCommitment(published.zone, published.order, published.salt)).toBe(seen.commitment);
    }
  });

  it('spectators get the orders and salts at MatchEnded only when the match was created with publicDeckLists', () => {
    const open = { ...start, data: { ...start.data, publicDeckLists: true } };
    const shuffle = sealed([open], order);
    const observed = new Replay([open, shuffle, event('MatchEnded', { reason: 'time' })]).observations('public');
    expect(observed[2].observation).toEqual({
      type: 'MatchEnded',
      reason: 'time',
      shuffles: [{ revision: 2, zone: { zone: 'deck', player: 'p1' }, order: ['Moana', 'Ariel', 'Mulan', 'Stitch'], salt: SALT }],
    });
  });
});

describe('one reading of a log line', () => {
  const match = chainEvents(randomMatch('lorcana', [3, 1, 4, 1, 5, 9, 2, 6]));
  const lines = linesOf(toJsonLines(match));
  const notCanonical = (text: string, line: number) =>
    expect(parseJsonLines(text)).toEqual({ error: { code: 'LINE_NOT_CANONICAL', line, message: expect.stringMatching(new RegExp(`^line ${line}: `)) } });

  it('refuses a line with a key twice (the last would win), even though its chain would verify', () => {
    const last = match.at(-1)!;
    const { id, type, data, meta } = JSON.parse(lines.at(-2)!);
    const twice = `{"data":${canonicalJson(data)},"id":${JSON.stringify(id)},"meta":${canonicalJson(meta)},"type":"MatchEnded","type":${JSON.stringify(type)}}`;
    expect(JSON.parse(twice)).toEqual(JSON.parse(canonicalJson(last))); // the same event once parsed: the chain would hold
    notCanonical([...lines.slice(0, -2), twice, lines.at(-1)!].join('\n'), lines.length - 1);
  });

  it('refuses fields beside id, type, data and meta (no hash covers them), and any other spelling of the same event', () => {
    const extra = canonicalJson({ ...JSON.parse(lines[1]), note: 'p2 conceded' });
    notCanonical([lines[0], extra, ...lines.slice(2)].join('\n'), 2);
    notCanonical([lines[0], JSON.stringify(JSON.parse(lines[1]), null, 1).replace(/\n/g, ''), ...lines.slice(2)].join('\n'), 2);
    const { id, type, data, meta } = JSON.parse(lines[1]);
    notCanonical([lines[0], JSON.stringify({ type, id, data, meta }), ...lines.slice(2)].join('\n'), 2);
  });
});

/** The export the server writes: the events, then their head signed with `key` at revision events.length. */
const TIME = '2026-11-21T16:00:00.000Z';
const signedExport = (events: readonly MatchEvent[], key: ReturnType<typeof generateKeyPairSync>['privateKey'], matchId = 'm-1'): string =>
  toJsonLines(events, signHead({ purpose: 'export', matchId, revision: events.length, hash: chainHeadOf(events), time: TIME }, key));
const SERVER = generateKeyPairSync('ed25519').privateKey;
const FORGER = generateKeyPairSync('ed25519').privateKey;
const pinned = [publicJwkOf(SERVER)];
const SALT = 'ab'.repeat(32);
/** A random match as the server records it: the chain salt in its MatchCreated's meta, then chained. */
const salted = (events: readonly MatchEvent[]): MatchEvent[] => chainEvents(events.map((e, i) => (i === 0 ? ({ ...e, meta: { ...e.meta!, chainSalt: SALT } } as MatchEvent) : e)));
const verified = (text: string, options: Parameters<typeof verifyLog>[1] = { pinned }) => {
  const log = parseJsonLines(text);
  return 'error' in log ? { ok: false as const, code: log.error.code } : verifyLog(log, options);
};

describe('signed heads', () => {
  const match = salted(
    randomMatch(
      'four-souls',
      Array.from({ length: 30 }, (_, i) => i * 104729),
    ),
  );
  const text = signedExport(match, SERVER);
  const lines = linesOf(text);
  const join = (ls: readonly string[]) => ls.map((l) => `${l}\n`).join('');

  it('key ids are RFC 7638 thumbprints (the RFC 8037 A.3 example key), and the JWKS publishes each key with its kid', () => {
    expect(thumbprintOf({ kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' })).toBe('kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k');
    const jwks = jwksOf([SERVER]);
    expect(jwks).toEqual({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), kid: thumbprintOf(pinned[0]), use: 'sig', alg: 'EdDSA' }] });
    expect(pinnedKeysOf(JSON.stringify(jwks))).toEqual(pinned);
    expect(pinnedKeysOf(createPublicKey(SERVER).export({ format: 'pem', type: 'spki' }) as string)).toEqual(pinned);
    expect(pinnedKeysOf('{"keys":[]}')).toEqual({ error: expect.stringContaining('no Ed25519 key') });
  });

  it('every export ends with the signed head: match id, revision, head hash, time, key id; verify names the key', () => {
    const { signedHead } = JSON.parse(lines.at(-1)!) as { signedHead: SignedHead };
    expect(signedHead.head).toEqual({ purpose: 'export', matchId: 'm-1', revision: match.length, hash: chainHeadOf(match), time: TIME, kid: thumbprintOf(pinned[0]) });
    expect(verified(text)).toMatchObject({ ok: true, signature: { matchId: 'm-1', revision: match.length, fingerprint: thumbprintOf(pinned[0]), pinned: true } });
    expect(verified(text, {})).toMatchObject({ ok: true, signature: { fingerprint: thumbprintOf(pinned[0]), pinned: false } });
  });

  it('the last events cut off, with or without the head line, are found; an unsigned log passes only when allowed, as unsigned', () => {
    expect(verified(join(lines.slice(0, -1)))).toMatchObject({ ok: false, code: 'HEAD_MISSING', line: match.length + 1 });
    expect(verified(join([...lines.slice(0, -3), lines.at(-1)!]))).toMatchObject({
      ok: false,
      code: 'HEAD_MISMATCH',
      message: expect.stringContaining('the last events were cut off'),
    });
    expect(verified(join(lines.slice(0, -1)), { pinned, allowUnsigned: true })).toMatchObject({ ok: true, signature: 'unsigned' });
    expect(verified(join(lines.slice(0, -1)), { language: 'es' })).toMatchObject({
      ok: false,
      code: 'HEAD_MISSING',
      message: expect.stringMatching(/^el registro no tiene cabeza firmada/),
    });
  });

  it('a head that was changed fails its signature; a log re-signed by another key passes only unpinned, naming that key', () => {
    const changed = lines.at(-1)!.replace(TIME, '2026-11-21T16:00:01.000Z');
    expect(verified(join([...lines.slice(0, -1), changed]))).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
    const forged = signedExport(match, FORGER);
    expect(verified(forged)).toMatchObject({ ok: false, code: 'SIGNATURE_KEY_UNKNOWN', fingerprint: thumbprintOf(publicJwkOf(FORGER)) });
    expect(verified(forged, {})).toMatchObject({ ok: true, signature: { fingerprint: thumbprintOf(publicJwkOf(FORGER)), pinned: false } });
  });

  it('a receipt: the log must extend the head it names; a rewritten or cut-back log fails, and so does a forged receipt', () => {
    const receipt = signHead({ purpose: 'receipt', matchId: 'm-1', revision: 10, hash: match[9].meta!.hash!, time: TIME }, SERVER);
    expect(verified(text, { pinned, receipt })).toMatchObject({ ok: true, receipt: { revision: 10 } });
    expect(verified(text, { receipt })).toMatchObject({ ok: true, receipt: { revision: 10 } });
    // rewritten after revision 10 was receipted: an event before it changed, the whole log re-chained and re-signed
    const rewritten = salted(match.map((e, i) => (i === 5 ? ({ ...e, data: { ...e.data, rewritten: true } } as unknown as MatchEvent) : e)));
    expect(verified(signedExport(rewritten, FORGER), { receipt })).toMatchObject({ ok: false, code: 'RECEIPT_SIGNATURE_INVALID' });
    expect(verified(signedExport(rewritten, SERVER), { pinned, receipt })).toMatchObject({
      ok: false,
      code: 'RECEIPT_MISMATCH',
      line: 10,
      message: expect.stringContaining('rewritten after the receipt'),
    });
    expect(verified(signedExport(match.slice(0, 8), SERVER), { pinned, receipt })).toMatchObject({
      ok: false,
      code: 'RECEIPT_MISMATCH',
      message: expect.stringContaining('cut back'),
    });
    expect(verified(text, { pinned, receipt: { ...receipt, head: { ...receipt.head, revision: 11 } } })).toMatchObject({ ok: false, code: 'RECEIPT_SIGNATURE_INVALID' });
    expect(verified(text, { pinned, receipt: signHead({ ...receipt.head, matchId: 'other' }, SERVER) })).toMatchObject({ ok: false, code: 'RECEIPT_MISMATCH' });
  });
});

describe('the chain salt', () => {
  const deck = at('deck', 'p1');
  const hand = at('hand', 'p1');
  const candidates = Array.from({ length: 60 }, (_, i) => `Card ${i}`);
  const start = { ...created('lorcana', cards('p1', 'deck', candidates)), meta: { recordedBy: 'scorekeeper', recordedAt: TIME, chainSalt: SALT } } as MatchEvent;
  const events = chainEvents([start, { ...move('p1-deck-37', deck, hand), id: 'draw-1' }]);

  it('a player who knows the hash before a hidden draw and after it, the event id, its meta and every candidate card cannot find the card', () => {
    const [before, drawn] = events.map((e) => e.meta!.hash!);
    const guess = (cardId: string, salt?: string) => eventHash(before, { ...events[1], data: { ...events[1].data, cardId } } as MatchEvent, salt);
    const found = candidates.map((_, i) => `p1-deck-${i}`).filter((cardId) => guess(cardId) === drawn);
    expect(found).toEqual([]);
    // the same search with the salt (which only judges see) finds it: the salt is what hides it
    expect(candidates.map((_, i) => `p1-deck-${i}`).filter((cardId) => guess(cardId, SALT) === drawn)).toEqual(['p1-deck-37']);
  });

  it('every hash covers it: the same events with another salt chain to other hashes, and verify recomputes them from the export', () => {
    const other = chainEvents([{ ...start, meta: { ...start.meta!, chainSalt: 'cd'.repeat(32) } } as MatchEvent, events[1]]);
    expect(other[1].meta!.hash).not.toBe(events[1].meta!.hash);
    expect(verifyChain(events)).toMatchObject({ ok: true });
    const stripped = chainEvents([{ ...start, meta: { recordedBy: 'scorekeeper', recordedAt: TIME } } as MatchEvent]);
    expect(verifyChain([{ ...stripped[0] }, events[1]])).toMatchObject({ ok: false, index: 1 });
  });

  it('no audience but the judge receives it', () => {
    const replay = new Replay([...events, { ...event('MatchEnded', { winner: 'p1', reason: '20 lore' }) }]);
    for (const audience of ['p1', 'p2', 'public']) {
      expect(JSON.stringify(replay.observations(audience))).not.toContain(SALT);
      expect(JSON.stringify(replay.viewAt(audience))).not.toContain(SALT);
    }
  });
});

describe('tampering is evident to a forger', () => {
  type Edit = 'change' | 'delete' | 'swap' | 'duplicate' | 'insert';
  /** One edit of a log's events, each a real change of what the log says. */
  const edit = (events: readonly MatchEvent[], kind: Edit, where: number, how: number): MatchEvent[] => {
    const n = events.length;
    const out = [...events];
    const i = where % n;
    if (kind === 'change') {
      const e = JSON.parse(canonicalJson(events[i]));
      if (how % 3 === 0) e.data.tampered = true;
      else if (how % 3 === 1) e.id = `${e.id}x`;
      else e.meta.recordedAt = '2030-01-01T00:00:00.000Z';
      out[i] = e;
    }
    if (kind === 'delete') out.splice(i, 1);
    if (kind === 'swap') [out[i], out[(i + 1) % n]] = [out[(i + 1) % n], out[i]];
    if (kind === 'duplicate') out.splice(i + 1, 0, events[i]);
    if (kind === 'insert') out.splice(i, 0, { ...events[how % n], id: `inserted-${how}` });
    return out;
  };
  const unchained = (events: readonly MatchEvent[]) =>
    events.map(({ meta, ...e }) => {
      const { previous: _p, hash: _h, ...rest } = meta!;
      return { ...e, meta: rest } as MatchEvent;
    });

  const EDIT_RUNS = Math.ceil(RUNS / 3); // three verifications each
  it.each(games)(
    `every single edit of a signed %s export is detected with the server's key pinned, as it is, re-chained, or re-chained and re-signed (${EDIT_RUNS} logs)`,
    (game) => {
      fc.assert(
        fc.property(
          fc.array(fc.nat(), { minLength: 3, maxLength: 60 }),
          fc.constantFrom<Edit>('change', 'delete', 'swap', 'duplicate', 'insert'),
          fc.nat(),
          fc.nat(),
          (choices, kind, where, how) => {
            const match = salted(randomMatch(game, choices, 40));
            const original = signedExport(match, SERVER);
            const head = linesOf(original).at(-1)!;
            const edited = edit(match, kind, where, how);
            const rechained = chainEvents(unchained(edited));
            const attempts = [
              toJsonLines(edited).replace(/\{"chain".*\n$/, `${head}\n`),
              toJsonLines(rechained).replace(/\{"chain".*\n$/, `${head}\n`),
              signedExport(rechained, FORGER),
            ];
            for (const attempt of attempts) {
              expect(attempt).not.toBe(original);
              expect(verified(attempt)).toMatchObject({ ok: false });
            }
          },
        ),
        { numRuns: EDIT_RUNS },
      );
    },
  );

  it.each(games)('every cut of a signed %s export, at every line and at random bytes, is detected', (game) => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 3, maxLength: 40 }), fc.nat(), (choices, byte) => {
        const match = salted(randomMatch(game, choices, 30));
        const text = signedExport(match, SERVER);
        const lines = linesOf(text);
        for (let k = 0; k < lines.length; k++) {
          const cut = lines
            .slice(0, k)
            .map((l) => `${l}\n`)
            .join('');
          expect(verified(cut)).toMatchObject({ ok: false });
          // events cut off, the head line put back
          if (k < lines.length - 1) expect(verified(`${cut}${lines.at(-1)}\n`)).toMatchObject({ ok: false });
        }
        expect(verified(text.slice(0, byte % (text.length - 1)))).toMatchObject({ ok: false });
      }),
      { numRuns: Math.max(10, Math.floor(RUNS / 10)) },
    );
  });
});

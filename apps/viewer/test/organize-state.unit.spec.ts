import type { KeptLinks } from '../src/kept-links';
import { CreatedMatch, next, opened, roleLinks } from '../src/pages/organize/state';

const match = { matchId: 'm1', players: [{ id: 'p1', name: 'Ana' }, { id: 'p2' }] } as KeptLinks['match'];
const tokens = { recorder: 'rec', judge: 'jud', players: { p1: 'one', p2: 'two' } } as unknown as KeptLinks['tokens'];
const links: KeptLinks = { match, tokens, server: {} };

describe("the organizer page's state", () => {
  it('opens on the links the match was created with, else those the tab kept, else none', () => {
    const created: CreatedMatch = { match, tokens, broadcast: undefined, server: { lanAddresses: ['http://10.0.0.2:3000'] } };
    const fresh = opened('m1', created, undefined);
    expect(fresh.links).toEqual({ match, tokens, server: created.server });
    expect(fresh.links).not.toHaveProperty('broadcast');
    expect(fresh.status).toContain('m1');
    expect(opened('m1', { ...created, broadcast: null }, undefined).links).toMatchObject({ broadcast: null });
    expect(opened('m1', undefined, links)).toMatchObject({ links, code: null, keyInvalid: false });
    expect(opened('m1', undefined, links).status).not.toBe('');
    expect(opened('m1', undefined, undefined)).toEqual({ status: '', code: null, keyInvalid: false, links: undefined });
  });

  it('without the key, marks it and says so with its code; the links shown stay', () => {
    const state = next(opened('m1', undefined, links), { type: 'noKey' });
    expect(state).toMatchObject({ code: 'NO_KEY', keyInvalid: true, links });
    const issuing = next(state, { type: 'issuing' });
    expect(issuing.keyInvalid).toBe(false);
    // the code stays on the line until the links are made or fail
    expect(issuing.code).toBe('NO_KEY');
  });

  it('a failure says why with its code; new links replace the old and clear the code', () => {
    const failed = next(next(opened('m1', undefined, undefined), { type: 'issuing' }), { type: 'failed', message: 'no (UNAUTHORIZED)', code: 'UNAUTHORIZED' });
    expect(failed.code).toBe('UNAUTHORIZED');
    expect(failed.status).toContain('no (UNAUTHORIZED)');
    const other = { ...links, tokens: { ...tokens, judge: 'new' } };
    expect(next(failed, { type: 'issued', links: other })).toMatchObject({ code: null, links: other });
  });
});

describe("the organizer page's links", () => {
  it('gives each role its page with its token in the fragment; a public broadcast carries none, no broadcast has no link', () => {
    const roles = roleLinks('http://10.0.0.2:3000', match, tokens, null);
    expect(roles.map((r) => r.role)).toEqual(['recorder', 'p1', 'p2', 'judge', 'broadcast']);
    expect(roles[0].href).toBe('http://10.0.0.2:3000/viewer/record/m1#token=rec');
    expect(roles[1].href).toMatch(/^http:\/\/10\.0\.0\.2:3000\/viewer\/.*p1.*#token=one$/);
    expect(roles[4].href).not.toContain('#token=');
    expect(roleLinks('http://x', match, tokens, 'b t').at(-1)!.href).toMatch(/#token=b%20t$/);
    expect(roleLinks('http://x', match, tokens, undefined).map((r) => r.role)).not.toContain('broadcast');
  });
});

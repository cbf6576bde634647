import { openingOf } from '../src/opening';
import { organizerHere } from '../src/organizer-here';

const summary = { audiences: ['public', 'p1', 'p2', 'judge'] };
const none = { kept: false };

describe('what a match page opens on', () => {
  it('an audience the match does not have: says so, with the audiences it has, and asks no token', () => {
    expect(openingOf(summary, 'banana', true, none)).toEqual({ show: 'noAudience', audiences: ['public', 'p1', 'p2', 'judge'] });
  });

  it('a match the API does not know (404): says there is none, and asks no token', () => {
    expect(openingOf(null, 'recorder', true, none)).toEqual({ show: 'noMatch' });
    expect(openingOf(null, 'public', false, none)).toEqual({ show: 'noMatch' });
  });

  it('a token the API refused: the prompt again, saying it was refused', () => {
    expect(openingOf(summary, 'judge', true, { kept: true, rejected: true })).toEqual({ show: 'token', rejected: true });
  });

  it('an audience of the match without its token: the prompt; with it, or public: the match', () => {
    expect(openingOf(summary, 'judge', true, none)).toEqual({ show: 'token', rejected: false });
    expect(openingOf(summary, 'judge', true, { kept: true })).toEqual({ show: 'match' });
    expect(openingOf(summary, 'public', false, none)).toEqual({ show: 'match' });
    // the summary unread (not a 404): the page asks the API itself
    expect(openingOf(undefined, 'judge', true, { kept: true })).toEqual({ show: 'match' });
  });
});

describe('"Links for the table" on a match page', () => {
  it('only in a tab that holds the organizer key (the desk, or links it made for this match)', () => {
    expect(organizerHere({ deskKey: false, keptLinks: false })).toBe(false);
    expect(organizerHere({ deskKey: true, keptLinks: false })).toBe(true);
    expect(organizerHere({ deskKey: false, keptLinks: true })).toBe(true);
  });
});

import { overlayOptions } from '../src/overlay-options';
import { tokenSlotOf } from '../src/tokens';

describe("the overlay's options in its address", () => {
  const options = (search: string) => overlayOptions(new URLSearchParams(search));

  it('a layout of the three, full by default; another is left out and named', () => {
    expect(options('').layout).toBe('full');
    expect(options('layout=scorebug').layout).toBe('scorebug');
    expect(options('layout=board').layout).toBe('board');
    expect(options('layout=sidebar')).toEqual({ layout: 'full', theme: {}, ignored: ['layout'] });
  });

  it("the event's colours as hex colours, each to its custom property", () => {
    expect(options('accent=%23ff0066&text=%23FFF&panel=%23000000cc&seat1=%2312a4&seat2=%23abcdef&seat3=%23010203&seat4=%23fedcba').theme).toEqual({
      '--overlay-accent': '#ff0066',
      '--overlay-text': '#FFF',
      '--overlay-panel': '#000000cc',
      '--seat-0': '#12a4',
      '--seat-1': '#abcdef',
      '--seat-2': '#010203',
      '--seat-3': '#fedcba',
    });
  });

  it.each(['red;background:url(//x)', '#fff;}body{display:none', 'url(x)', 'var(--accent)', 'expression(alert(1))', '#ggg', '#12345', 'red', ''])(
    'no value but a hex colour, so none can close a declaration or load anything: %j',
    (value) => {
      const taken = options(new URLSearchParams({ accent: value }).toString());
      expect(taken.theme).toEqual({});
      expect(taken.ignored).toEqual(['accent']);
    },
  );
});

describe('which token a viewer page reads, from its address', () => {
  it.each([
    ['/viewer/m1', '', { matchId: 'm1', audience: 'public' }],
    ['/viewer/m1', '?audience=p2&at=3', { matchId: 'm1', audience: 'p2' }],
    ['/viewer/m1/', '?audience=judge', { matchId: 'm1', audience: 'judge' }],
    ['/viewer/record/m%201', '', { matchId: 'm 1', audience: 'recorder' }],
    ['/viewer/overlay/m1', '?layout=board', { matchId: 'm1', audience: 'broadcast' }],
    ['/viewer/', '', null],
    ['/viewer/rounds', '?event=x&round=1', null],
    ['/viewer/organize/m1', '', null],
  ])('%s%s', (pathname, search, slot) => {
    expect(tokenSlotOf({ pathname, search })).toEqual(slot);
  });
});

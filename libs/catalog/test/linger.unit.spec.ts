import { Linger, PROJECTION_LINGER_MS } from '../src/linger';

describe('Linger: a projector lets events gather before it writes them', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs once, PROJECTION_LINGER_MS after the first request, however many requests came meanwhile', () => {
    const run = jest.fn();
    const linger = new Linger(run);
    linger.request();
    jest.advanceTimersByTime(PROJECTION_LINGER_MS - 1);
    linger.request();
    linger.request();
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(10 * PROJECTION_LINGER_MS);
    expect(run).toHaveBeenCalledTimes(1);
    linger.request();
    jest.advanceTimersByTime(PROJECTION_LINGER_MS);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('flush runs what waits at once (a stop writes it), and only when something waits', () => {
    const run = jest.fn();
    const linger = new Linger(run);
    linger.flush();
    expect(run).not.toHaveBeenCalled();
    linger.request();
    linger.flush();
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(PROJECTION_LINGER_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('cancel drops what waits (read again from the log on the next start)', () => {
    const run = jest.fn();
    const linger = new Linger(run);
    linger.request();
    linger.cancel();
    jest.advanceTimersByTime(PROJECTION_LINGER_MS);
    expect(run).not.toHaveBeenCalled();
  });
});

import { IdleCollector } from '../src/idle-collector';

/** A loop whose next second is `busy` (0–1) busy, and a collector looking at it. */
const collectorOn = () => {
  const loop = { idle: 0, active: 0 };
  const collect = jest.fn();
  const collector = new IdleCollector({ loop: () => ({ ...loop }), collect });
  const second = (busy: number) => {
    loop.active += busy * 1000;
    loop.idle += (1 - busy) * 1000;
    collector.tick();
  };
  return { second, collect };
};

describe('IdleCollector: the heap collected once a busy spell is followed by idle seconds', () => {
  it('collects after a busy second and two idle ones, once, until the next busy spell', () => {
    const { second, collect } = collectorOn();
    second(0.9);
    second(0.01);
    expect(collect).not.toHaveBeenCalled();
    second(0.01);
    expect(collect).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) second(0);
    expect(collect).toHaveBeenCalledTimes(1);
    second(0.5);
    second(0);
    second(0);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('never collects a server that only idles, however long', () => {
    const { second, collect } = collectorOn();
    for (let i = 0; i < 60; i++) second(0.001);
    expect(collect).not.toHaveBeenCalled();
  });

  it('waits while the server still does a little work (heartbeats, a view now and then), and counts idle seconds in a row', () => {
    const { second, collect } = collectorOn();
    second(0.9);
    second(0);
    second(0.05);
    second(0);
    expect(collect).not.toHaveBeenCalled();
    second(0);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('never collects while the server is busy', () => {
    const { second, collect } = collectorOn();
    for (let i = 0; i < 30; i++) second(0.6);
    expect(collect).not.toHaveBeenCalled();
  });
});

import { LruByWeight } from '../src/model/lru-by-weight';

describe('LruByWeight: the replay cache bound', () => {
  const cacheOf = (maxWeight: number, maxEntries = 100) => new LruByWeight<{ events: number }>({ maxEntries, maxWeight }, (value) => value.events);

  it('evicts whole entries, least recently used first, once the weights sum past the bound', () => {
    const cache = cacheOf(100);
    cache.set('a', { events: 40 });
    cache.set('b', { events: 40 });
    cache.get('a'); // a is now more recent than b
    cache.set('c', { events: 30 });
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([{ events: 40 }, undefined, { events: 30 }]);
    expect(cache.weight).toBe(70);
  });

  it('re-weighs an entry that grew in place, evicting others for it', () => {
    const cache = cacheOf(100);
    const a = { events: 10 };
    cache.set('a', a);
    cache.set('b', { events: 50 });
    a.events = 60;
    cache.reweigh('a');
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.weight).toBe(60);
  });

  it('keeps no entry heavier than the whole bound, and counts nothing for it', () => {
    const cache = cacheOf(100);
    cache.set('small', { events: 5 });
    cache.set('huge', { events: 101 });
    expect(cache.peek('huge')).toBeUndefined();
    expect(cache.peek('small')).toBeUndefined(); // evicted first, being older
    expect([cache.size, cache.weight]).toEqual([0, 0]);
  });

  it('is bounded by its number of entries too; replacing or deleting an entry gives its weight back', () => {
    const cache = cacheOf(1000, 2);
    for (const key of ['a', 'b', 'c']) cache.set(key, { events: 1 });
    expect(cache.peek('a')).toBeUndefined();
    cache.set('b', { events: 7 });
    cache.delete('c');
    expect([cache.size, cache.weight]).toEqual([1, 7]);
  });
});

import { LruMap } from '../src/access/lru-map';

describe('LruMap: a Map of at most its capacity, the least recently used dropped', () => {
  it('drops the least recently read or set entry past its capacity', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect([...map.keys()]).toEqual(['a', 'c']);
    map.set('a', 4);
    map.set('d', 5);
    expect([...map.entries()]).toEqual([
      ['a', 4],
      ['d', 5],
    ]);
    expect(map.get('b')).toBeUndefined();
  });
});

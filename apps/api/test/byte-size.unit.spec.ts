import { DEFAULT_BODY_LIMIT, DEFAULT_BODY_LIMIT_BYTES } from '@matchlog/client';
import { bytesOf } from '../src/config/byte-size';

describe('bytesOf', () => {
  it.each([
    ['1mb', 1024 * 1024],
    ['64kb', 64 * 1024],
    ['64KB', 64 * 1024],
    ['1.5mb', 1.5 * 1024 * 1024],
    ['512b', 512],
    ['65536', 65536],
    ['1gb', 1024 ** 3],
  ])('%s is %d bytes', (size, bytes) => expect(bytesOf(size)).toBe(bytes));

  it.each(['', 'lots', '1 tb', '-1mb', '0', 'mb'])('%j is not a size', (size) => expect(bytesOf(size)).toBeNull());

  it('the default MATCHLOG_BODY_LIMIT is the size the offline journal checks batches against', () => expect(bytesOf(DEFAULT_BODY_LIMIT)).toBe(DEFAULT_BODY_LIMIT_BYTES));
});

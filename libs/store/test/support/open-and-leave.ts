import { openSqliteEventStore } from '@matchlog/store';
import { join } from 'node:path';

/**
 * In the data directory argv[2]: closes a store at once after opening it, then opens another, appends
 * to it and leaves it open. Prints each step; the process must then end by itself.
 */
const main = async () => {
  await openSqliteEventStore(join(process.argv[2], 'closed')).close();
  console.log('closed');
  const left = openSqliteEventStore(join(process.argv[2], 'left'));
  const { revision } = await left.append('m1', 0, [{ id: 'e1', type: 'CardMoved', data: {} }]);
  console.log(`appended ${revision}`);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import { SqliteEventStore } from '@matchlog/store';

/**
 * Appends to the SQLite store at argv[2] until killed: 40 matches at once, each awaiting its own
 * appends of 1 to 3 events. Prints `<stream> <revision> <position>` for each append once it is
 * acknowledged (stdout is a pipe, written synchronously on Linux).
 */
const MATCHES = 40;
const store = SqliteEventStore.open(process.argv[2]);

const play = async (streamId: string) => {
  for (let revision = 0; ;) {
    const count = 1 + (revision % 3);
    const events = Array.from({ length: count }, (_, i) => ({ id: `${streamId}-${revision + i + 1}`, type: 'CardMoved', data: { revision: revision + i + 1 } }));
    const result = await store.append(streamId, revision, events);
    revision = result.revision;
    process.stdout.write(`${streamId} ${result.revision} ${result.position}\n`);
  }
};

for (let m = 0; m < MATCHES; m++) void play(`match-${m}`);

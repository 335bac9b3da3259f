// The database's versions declared in one schema pass (db-schema.ts inOneSchemaPass): Dexie ends with the same
// schema for every version as when each declaration made its own pass, and the override goes away after.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { inOneSchemaPass } from '../../src/data/db-schema';

type Internals = { _versions: Array<{ _cfg: { version: number; dbschema: unknown; contentUpgrade: unknown } }> };

function declare(db: Dexie): void {
  db.version(1).stores({ a: 'id, x', b: '++seq, [p+q]', gone: 'id' });
  db.version(2).stores({ c: 'key, *tags' });
  db.version(3)
    .stores({ a: 'id, x, y', gone: null })
    .upgrade(() => undefined);
  // A second stores() on one version adds to its first.
  db.version(3).stores({ d: 'id' });
  db.version(4).stores({ b: '++seq, [p+q], r' });
}

const shape = (db: Dexie) => ({
  verno: db.verno,
  versions: (db as unknown as Internals)._versions.map((v) => [
    v._cfg.version,
    v._cfg.dbschema,
    !!v._cfg.contentUpgrade,
  ]),
  tables: db.tables.map((t) => [t.name, t.schema]),
});

describe('inOneSchemaPass', () => {
  it('ends with the schema the per-declaration passes give, for every version', () => {
    const plain = new Dexie(`plain-${crypto.randomUUID()}`);
    declare(plain);
    const batched = new Dexie(`batched-${crypto.randomUUID()}`);
    inOneSchemaPass(batched, () => declare(batched));
    expect(shape(batched)).toEqual(shape(plain));
    expect(shape(batched).tables.map(([name]) => name)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('leaves Dexie as it was: the override is gone, and another database declares as usual', async () => {
    const batched = new Dexie(`batched-${crypto.randomUUID()}`);
    inOneSchemaPass(batched, () => declare(batched));
    expect(Object.hasOwn(batched.Version.prototype, 'stores')).toBe(false);
    const other = new Dexie(`other-${crypto.randomUUID()}`);
    other.version(1).stores({ t: 'id' });
    expect(other.tables.map((t) => t.name)).toEqual(['t']);
    await batched.table('d').put({ id: 'k' });
    expect(await batched.table('d').get('k')).toEqual({ id: 'k' });
    batched.close();
    other.close();
  });
});

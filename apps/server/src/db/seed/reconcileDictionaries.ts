import { eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { sysDictData, sysDictType } from '../schema/dict';
import { dictionaries } from './dictionaries';

/** Adds the product's dictionaries that a database lacks (a new version may ship one); existing ones are left as they are. */
export async function reconcileDictionaries(db: Executor): Promise<void> {
  for (const dict of dictionaries) {
    const [exists] = await db.select({ id: sysDictType.dictId }).from(sysDictType).where(eq(sysDictType.dictType, dict.type));
    if (exists) continue;
    await db.insert(sysDictType).values({ dictName: dict.name, dictType: dict.type, createBy: 'seed' });
    await db.insert(sysDictData).values(
      dict.values.map((value, i) => ({
        dictSort: i + 1,
        dictLabel: value.label,
        dictValue: value.value,
        dictType: dict.type,
        listClass: value.listClass ?? 'default',
        isDefault: value.isDefault ? 'Y' : 'N',
        extra: { labelZh: value.zh, ...value.extra },
        createBy: 'seed',
      })),
    );
  }
}

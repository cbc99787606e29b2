import path from 'node:path';
import type { Config } from '../../config';
import { filesRoot } from './fileStorage';
import { dataDirStore, type ObjectStore } from './objectStore';

/**
 * The one place the file store is chosen (the app's `fileStore`, plugins/context.ts): today the
 * data directory, `DATA_DIR/files/store`. An S3-compatible store would be chosen here from the
 * configuration; nothing else changes.
 */
export function fileStoreOf(config: Pick<Config, 'dataDir'>): ObjectStore {
  return dataDirStore(path.join(filesRoot(config.dataDir), 'store'));
}

import type { ApiConfig } from '../config'
import { LocalDiskStorage, S3Storage, type ObjectStorage } from './object-storage'

/** The storage STORAGE_BACKEND names: the local folder FILES_DIR, or the S3 bucket of the S3_* variables. */
export function storageOf(config: Pick<ApiConfig, 'storageBackend' | 'filesDir' | 's3'>): ObjectStorage {
  return config.storageBackend === 's3' && config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(config.filesDir)
}

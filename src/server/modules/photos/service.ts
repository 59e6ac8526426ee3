import path from 'node:path';
import { PHOTO_QUOTA, uploadKey } from '../../../domain/images.js';
import { isAdmin, type Principal } from '../../../domain/policies.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { CatalogModel } from '../catalog/model.js';
import { ensureSharePicture, filesOnDisk, photoBytes, removeFiles, removePhotoFiles } from './files.js';
import * as repo from './repository.js';

/**
 * Uploaded photos (docs/provider-workspace.md#photos): who may see them, the per-account quota,
 * and deleting the ones nothing uses any more, at once after the change that stopped using them
 * and, for whatever that missed, in the sweep.
 */

type PhotoDeps = Pick<Deps, 'db' | 'config' | 'log'>;

export const uploadsDirOf = (config: Pick<Deps['config'], 'dataDir'>) => path.join(config.dataDir, 'uploads');

/**
 * How old a file or row with nothing using it must be before the sweep deletes it: far longer
 * than an upload takes between writing its files and committing its row.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

const quotaReached = () =>
  new AppError(
    'PHOTO_QUOTA_REACHED',
    `This account already keeps the most photos it may (${PHOTO_QUOTA.photos} photos, ${PHOTO_QUOTA.bytes / 1024 / 1024} MB)`,
  );

const overQuota = (used: { photos: number; bytes: number }) =>
  used.photos > PHOTO_QUOTA.photos || used.bytes > PHOTO_QUOTA.bytes;

/**
 * Records a new photo, inside the transaction that puts it into use (after the write that names
 * it), and refuses it when the account would then keep more than its quota: the transaction is
 * rolled back and the caller deletes the files. The photo it replaces no longer counts.
 */
export async function recordPhoto(
  tx: Db,
  photo: { key: string; bytes: number; providerId: number; activityId: number },
): Promise<void> {
  await repo.lockQuota(tx, photo.providerId);
  await repo.insertPhoto(tx, photo);
  if (overQuota(await repo.usage(tx, photo.providerId))) throw quotaReached();
}

/**
 * The files of a photo whose upload failed, unless its row made it into the database after all
 * (a commit whose answer was lost): then it is in use. Left to the sweep when that cannot be told.
 */
export async function discardUpload(deps: PhotoDeps, key: string): Promise<void> {
  try {
    if (!(await repo.existing(deps.db, [key])).has(key)) await removePhotoFiles(uploadsDirOf(deps.config), key);
  } catch (error) {
    deps.log.warn({ err: error, key }, 'files of a failed upload left for the sweep');
  }
}

/**
 * Deletes the photos of an activity (and of deleted activities) that nothing uses any more: the
 * one a newer upload replaced, a rejected revision's, the old published one once a new one is
 * approved. Call it after the transaction that stopped using them has committed; a failure is
 * logged and left to the sweep, so it never fails the change itself.
 */
export async function releaseUnusedPhotos(deps: PhotoDeps, activityId: number): Promise<void> {
  try {
    const keys = await repo.deleteUnused(deps.db, { activityId });
    const dir = uploadsDirOf(deps.config);
    await Promise.all(keys.map((key) => removePhotoFiles(dir, key)));
  } catch (error) {
    deps.log.warn({ err: error, activityId }, 'unused photos not deleted yet; the sweep will');
  }
}

/**
 * What a crash or an outage between a commit and the files left behind (docs/provider-workspace.md#photos):
 * rows of photos nothing uses, and files without a row, older than the grace period. Photos from
 * before the table get their size measured and their link-preview picture made.
 */
export async function sweepPhotos(
  deps: PhotoDeps,
  graceMs = SWEEP_GRACE_MS,
): Promise<{ rows: number; files: number; measured: number }> {
  const dir = uploadsDirOf(deps.config);
  const unused = await repo.deleteUnused(deps.db, { olderThanSeconds: graceMs / 1000 });
  await Promise.all(unused.map((key) => removePhotoFiles(dir, key)));

  const cutoff = Date.now() - graceMs;
  const onDisk = await filesOnDisk(dir);
  const withRows = await repo.existing(deps.db, [...onDisk.keys()]);
  let files = 0;
  for (const [key, found] of onDisk) {
    // A photo without a row, every file of it old: an upload that never committed, or a delete not finished.
    const stale = withRows.has(key)
      ? found.filter((f) => f.name.endsWith('.tmp') && f.mtimeMs < cutoff)
      : found.every((f) => f.mtimeMs < cutoff)
        ? found
        : [];
    await removeFiles(
      dir,
      stale.map((f) => f.name),
    );
    files += stale.length;
  }

  const unmeasured = await repo.unmeasured(deps.db);
  for (const key of unmeasured) {
    await ensureSharePicture(dir, key).catch((error: unknown) =>
      deps.log.warn({ err: error, key }, 'link-preview picture of a photo not made'),
    );
    await repo.setBytes(deps.db, key, await photoBytes(dir, key));
  }
  return { rows: unused.length, files, measured: unmeasured.length };
}

/** The uploaded photos the public read model shows, per snapshot: served without asking the database. */
const publicKeys = new WeakMap<CatalogModel, Set<string>>();
function shownByCatalog(model: CatalogModel, key: string): boolean {
  let keys = publicKeys.get(model);
  if (!keys) {
    keys = new Set(model.imageUrls().flatMap((url) => uploadKey(url) ?? []));
    publicKeys.set(model, keys);
  }
  return keys.has(key);
}

/** Whether everyone may see the photo: its activity is approved and shows it. */
export async function isPublicPhoto(deps: Pick<Deps, 'db' | 'catalog'>, key: string): Promise<boolean> {
  if (shownByCatalog(deps.catalog.current, key)) return true;
  return (await repo.access(deps.db, key))?.isPublic ?? false;
}

/** Whether `principal` may see the photo: a public one, or one of their own activities, or any for an admin. */
export async function mayView(
  deps: Pick<Deps, 'db' | 'catalog'>,
  key: string,
  principal: Principal | null,
): Promise<boolean> {
  if (shownByCatalog(deps.catalog.current, key)) return true;
  const found = await repo.access(deps.db, key);
  if (!found) return false;
  return found.isPublic || isAdmin(principal) || (principal !== null && found.ownerUserId === principal.id);
}

/**
 * The address of a photo for its provider or an admin: the public one once everyone may see it
 * (the activity is approved and shows it), else the same photo under /api, where the session
 * cookie goes and only they are served (docs/provider-workspace.md#photos).
 */
export function photoAddressFor(
  imageUrl: string | null,
  activity: { isApproved: boolean; imageUrl: string | null },
): string | null {
  if (!imageUrl || !uploadKey(imageUrl)) return imageUrl;
  return activity.isApproved && activity.imageUrl === imageUrl ? imageUrl : `/api${imageUrl}`;
}

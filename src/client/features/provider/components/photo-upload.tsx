import { ImageUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSources, PHOTO_QUOTA, UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../../../../domain/images';
import type { ProviderActivity } from '../../../../domain/provider-activities';
import { toast } from '../../../components/ui/toast-store';
import { errorCodeOf, useErrorText } from '../../../lib/error-text';
import { useUploadPhoto } from '../api/provider-activities';

/**
 * The activity's photo: JPEG, PNG or WebP up to 10 MB, checked here for a
 * quick answer and again by the server, which reads the content itself.
 */
export function PhotoUpload({ activity }: { activity: ProviderActivity }) {
  const { t } = useTranslation('provider');
  const errorText = useErrorText();
  const id = useId();
  const upload = useUploadPhoto();
  const [problem, setProblem] = useState<string | null>(null);
  const sources = imageSources(activity.imageUrl);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return setProblem(t('photo.wrongType'));
    if (file.size > UPLOAD_MAX_BYTES) return setProblem(t('photo.tooLarge'));
    setProblem(null);
    upload.mutate(
      { id: activity.id, file },
      {
        onSuccess: (saved) =>
          toast({ title: t('photo.uploaded'), description: t(saved.isApproved ? 'photo.waits' : 'photo.saved') }),
        onError: (error) =>
          setProblem(
            errorCodeOf(error) === 'PHOTO_QUOTA_REACHED'
              ? t('photo.quota', { photos: PHOTO_QUOTA.photos, megabytes: PHOTO_QUOTA.bytes / 1024 / 1024 })
              : errorText(error, t('photo.failed')),
          ),
      },
    );
  };

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-lg font-semibold text-ink-900">{t('photo.title')}</legend>
      {sources ? (
        <img
          {...sources}
          sizes="320px"
          alt={t('photo.current')}
          className="aspect-[16/10] w-80 rounded-2xl object-cover"
        />
      ) : (
        <p className="text-sm text-ink-600">{t('photo.none')}</p>
      )}
      <div>
        <label
          htmlFor={`${id}-file`}
          className="inline-flex cursor-pointer items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-ink-900 ring-1 ring-sand-300 hover:bg-sand-50 focus-within:ring-2 focus-within:ring-terracotta-600"
        >
          <ImageUp aria-hidden className="h-4 w-4" />
          {t(sources ? 'photo.replace' : 'photo.choose')}
          <input
            id={`${id}-file`}
            type="file"
            accept={UPLOAD_TYPES.join(',')}
            className="sr-only"
            aria-describedby={`${id}-hint`}
            disabled={upload.isPending}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-500">
          {t('photo.hint')}
        </p>
        <p role="status" className="text-sm text-ink-600">
          {upload.isPending ? t('photo.uploading') : ''}
        </p>
        {problem ? (
          <p role="alert" className="text-sm text-red-800">
            {problem}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

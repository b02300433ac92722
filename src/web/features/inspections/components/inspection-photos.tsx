import { ImagePlus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  INSPECTION_LIMITS,
  INSPECTION_MESSAGES,
  PHOTO_CONTENT_TYPES,
  type Inspection,
  type InspectionPhoto,
} from '../../../../domain/inspections';
import { errorMessage } from '../../../lib/api-client';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { INSPECTION_TEXTS } from '../inspections-texts';

/** The browser's own check before sending (the server checks the content again). */
export function photoProblem(file: File): string | null {
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type))
    return `${file.name}: ${INSPECTION_MESSAGES.photoNotImage}`;
  if (file.size > INSPECTION_LIMITS.maxPhotoBytes) return `${file.name}: ${INSPECTION_MESSAGES.photoTooLarge}`;
  return null;
}

/**
 * An inspection's photos: thumbnails (each opens the display size), Add Photos (several at once,
 * sent one after another) and a delete per photo. Every refusal is listed with the file's name.
 */
export function InspectionPhotos({
  inspection,
  label,
  canEdit,
  onUpload,
  onDelete,
}: {
  inspection: Inspection;
  label: string;
  canEdit: boolean;
  onUpload: (file: File) => Promise<unknown>;
  onDelete: (photo: InspectionPhoto) => Promise<unknown>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<InspectionPhoto | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const photos = inspection.photos;
  const room = INSPECTION_LIMITS.maxPhotos - photos.length;

  async function upload(files: File[]) {
    const found: string[] = [];
    let left = room;
    for (const file of files) {
      const problem = photoProblem(file);
      if (problem) {
        found.push(problem);
        continue;
      }
      if (left <= 0) {
        found.push(`${file.name}: ${INSPECTION_MESSAGES.tooManyPhotos}`);
        continue;
      }
      setUploading(file.name);
      try {
        await onUpload(file);
        left -= 1;
      } catch (error) {
        found.push(`${file.name}: ${errorMessage(error, INSPECTION_TEXTS.uploadFailed)}`);
      }
    }
    setUploading(null);
    setProblems(found);
  }

  return (
    <section aria-labelledby={`photos-${inspection.id}`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id={`photos-${inspection.id}`} className="text-sm font-semibold text-slate-900">
            {INSPECTION_TEXTS.photosTitle}{' '}
            <span className="font-normal text-slate-600">
              ({photos.length} of {INSPECTION_LIMITS.maxPhotos})
            </span>
          </h3>
          <p className="text-xs text-slate-500">{INSPECTION_TEXTS.photoTypesHint}</p>
        </div>
        {canEdit ? (
          <>
            <input
              ref={input}
              type="file"
              accept={PHOTO_CONTENT_TYPES.join(',')}
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              data-testid="photo-input"
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = '';
                if (files.length) void upload(files);
              }}
            />
            {/* aria-disabled, not disabled: a disabled button drops the keyboard focus while the upload runs */}
            <Button
              variant="secondary"
              onClick={() => {
                if (uploading === null && room > 0) input.current?.click();
              }}
              aria-disabled={uploading !== null || room <= 0}
              aria-label={`Add photos to ${label}`}
            >
              <ImagePlus className="h-4 w-4" aria-hidden />
              {uploading ? INSPECTION_TEXTS.uploading : INSPECTION_TEXTS.addPhotos}
            </Button>
          </>
        ) : null}
      </div>
      {uploading ? (
        <p role="status" className="text-sm text-slate-600">
          Uploading {uploading}...
        </p>
      ) : null}
      {problems.length ? (
        <ErrorBanner message={problems.length === 1 ? problems[0] : `${problems.length} photos were not added:`}>
          {problems.length > 1 ? (
            <ul className="list-disc pl-5">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </ErrorBanner>
      ) : null}
      {photos.length === 0 ? (
        <p className="text-sm text-slate-500">{INSPECTION_TEXTS.noPhotos}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-5">
          {photos.map((photo, index) => (
            <li key={photo.id} className="group relative" data-testid="inspection-photo">
              <a
                href={photo.urls.display}
                target="_blank"
                rel="noreferrer"
                className="block overflow-hidden rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
              >
                <img
                  src={photo.urls.thumb}
                  alt={`Photo ${index + 1} of ${label}: ${photo.fileName}`}
                  loading="lazy"
                  className="aspect-square w-full bg-slate-100 object-cover"
                  width={160}
                  height={160}
                />
              </a>
              {canEdit ? (
                <button
                  type="button"
                  onClick={() => {
                    setDeleteError(null);
                    setDeleting(photo);
                  }}
                  aria-label={`Delete photo ${index + 1} (${photo.fileName})`}
                  className="absolute top-1 right-1 inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/95 text-red-700 shadow ring-1 ring-slate-200 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={INSPECTION_TEXTS.deletePhotoTitle}
        description={deleting ? `${deleting.fileName} will be removed from ${label}.` : ''}
        confirmLabel={INSPECTION_TEXTS.deletePhotoConfirm}
        pendingLabel={INSPECTION_TEXTS.deleting}
        error={deleteError}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await onDelete(deleting);
            setDeleting(null);
          } catch (error) {
            setDeleteError(errorMessage(error, INSPECTION_TEXTS.deletePhotoFailed));
          }
        }}
      />
    </section>
  );
}

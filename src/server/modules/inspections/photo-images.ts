/**
 * Checking and resizing inspection photos. What a file is comes from its content, never from its
 * name or declared type: the first bytes must be a JPEG, PNG or WebP signature, and the image
 * must then decode (sharp/libvips) with a size within the limits. The display size and the
 * thumbnail are JPEGs (upright, metadata such as GPS position removed): every browser shows
 * them and pdf-lib embeds them in the quote PDF.
 */
import sharp, { type Metadata } from 'sharp';
import { INSPECTION_LIMITS, INSPECTION_MESSAGES, type PhotoContentType } from '../../../domain/inspections.js';
import { AppError, badRequest } from '../../errors.js';

// Each photo is processed once; libvips' operation cache would only hold memory.
sharp.cache(false);
/** A resize taking longer is stopped (the photo is refused as unreadable). */
const PHOTO_TIMEOUT_SECONDS = 20;

/** The content type a file's first bytes announce, or null when they are none of the three. */
export function detectImageType(bytes: Uint8Array): PhotoContentType | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const SHARP_FORMAT: Record<PhotoContentType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export interface ResizedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ProcessedPhoto {
  contentType: PhotoContentType;
  /** upright dimensions of the original (EXIF orientation applied) */
  width: number;
  height: number;
  display: ResizedImage;
  thumb: ResizedImage;
}

const notImage = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', INSPECTION_MESSAGES.photoNotImage);

async function resize(input: Buffer | Uint8Array, maxEdge: number, quality: number): Promise<ResizedImage> {
  const { data, info } = await sharp(input, { failOn: 'truncated', limitInputPixels: INSPECTION_LIMITS.maxPhotoPixels })
    // libvips works off the event loop, but a pathological file must not hold a thread for long.
    .timeout({ seconds: PHOTO_TIMEOUT_SECONDS })
    .autoOrient()
    .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/**
 * Checks an upload and makes its display size and thumbnail. Throws a 415 for a file that is not a
 * JPEG, PNG or WebP image, and a 400 for one that does not decode or has too many pixels.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const contentType = detectImageType(bytes);
  if (!contentType) throw notImage();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, {
      failOn: 'truncated',
      limitInputPixels: INSPECTION_LIMITS.maxPhotoPixels,
    }).metadata();
  } catch {
    throw badRequest(INSPECTION_MESSAGES.photoUnreadable);
  }
  // The signature and the decoder must agree (a PNG signature in front of something else is not a PNG).
  if (metadata.format !== SHARP_FORMAT[contentType]) throw notImage();
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw badRequest(INSPECTION_MESSAGES.photoUnreadable);
  if (width * height > INSPECTION_LIMITS.maxPhotoPixels) throw badRequest(INSPECTION_MESSAGES.photoTooManyPixels);
  try {
    // Decoding every pixel for the display size is the real check that the image is whole.
    const display = await resize(bytes, INSPECTION_LIMITS.displayMaxEdge, 82);
    const thumb = await resize(display.bytes, INSPECTION_LIMITS.thumbMaxEdge, 75);
    return { contentType, width, height, display, thumb };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(INSPECTION_MESSAGES.photoUnreadable);
  }
}

/** A stored file name for an upload: the base name, no control or path characters, at most 255 long. */
export function safeFileName(name: string | undefined, contentType: PhotoContentType): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(-255);
  if (cleaned) return cleaned;
  return `photo.${SHARP_FORMAT[contentType] === 'jpeg' ? 'jpg' : SHARP_FORMAT[contentType]}`;
}

/**
 * Multipart uploads: every upload route registers multipart through `registerUploads` (in its own
 * scope, with its own caps) and reads the body through `readMultipart`, so each text field and
 * file name passes the input guard (a NUL character answers 400 like in a JSON body) and the
 * caps answer the same 4xx everywhere.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.js';
import { guardMultipartPart } from './input-guard.js';

export interface UploadLimits {
  /** bytes of one file, enforced while it streams in */
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
  /** bytes of one text field */
  fieldSize?: number;
}

export async function registerUploads(scope: FastifyInstance, limits: UploadLimits): Promise<void> {
  await scope.register(multipart, { limits: { ...limits, headerPairs: 100 } });
}

export interface UploadedPart {
  fieldName: string;
  /** as sent; may be empty */
  fileName: string;
  bytes: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedPart[];
}

export interface UploadMessages {
  /** 415: the request is not multipart/form-data */
  notMultipart: string;
  /** 413: a file passed `fileSize` */
  tooLarge: string;
  /** 400: more files than `files` */
  tooManyFiles: string;
}

/** Every part of a multipart request: text fields by name (the last wins) and the files, read whole. */
export async function readMultipart(request: FastifyRequest, messages: UploadMessages): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.notMultipart);
  const fields: Record<string, string> = {};
  const files: UploadedPart[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read first: a refused part must not leave its stream half-consumed.
        const bytes = await part.toBuffer();
        guardMultipartPart(part);
        files.push({ fieldName: part.fieldname, fileName: part.filename ?? '', bytes });
      } else {
        guardMultipartPart(part);
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'PAYLOAD_TOO_LARGE', messages.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest(messages.tooManyFiles);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Too many form fields');
    throw error;
  }
  return { fields, files };
}

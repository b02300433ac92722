import {
  REFERENCE_TYPE_LABELS,
  type CreateReferenceTypeInput,
  type ReferenceType,
  type ReferenceTypeKind,
  type UpdateReferenceTypeInput,
} from '../../../domain/reference-types.js';
import { conflict, notFound, registerConstraintMessages } from '../../errors.js';
import type { ReferenceTypesRepo } from './reference-types.repo.js';

const SERVICE_CODE_TAKEN = 'A service type with this code already exists';
const JOB_CODE_TAKEN = 'A job type with this code already exists';
registerConstraintMessages({
  service_lines_code_key: { message: SERVICE_CODE_TAKEN, field: 'code' },
  service_lines_code_ci_unique: { message: SERVICE_CODE_TAKEN, field: 'code' },
  job_types_code_key: { message: JOB_CODE_TAKEN, field: 'code' },
  job_types_code_ci_unique: { message: JOB_CODE_TAKEN, field: 'code' },
});

export const codeTakenMessage = (kind: ReferenceTypeKind, code: string) =>
  `A ${REFERENCE_TYPE_LABELS[kind].one} with the code "${code}" already exists`;
const notFoundMessage = (kind: ReferenceTypeKind) =>
  kind === 'service-types' ? 'Service type not found' : 'Job type not found';

/** Settings > Service Types and Job Types. */
export function createReferenceTypesService({ repo }: { repo: ReferenceTypesRepo }) {
  return {
    list(kind: ReferenceTypeKind, active?: boolean): Promise<ReferenceType[]> {
      return repo.list(kind, active);
    },

    async create(kind: ReferenceTypeKind, input: CreateReferenceTypeInput): Promise<ReferenceType> {
      if (await repo.codeTaken(kind, input.code)) {
        const message = codeTakenMessage(kind, input.code);
        throw conflict(message, { code: message });
      }
      return repo.insert(kind, input);
    },

    async update(kind: ReferenceTypeKind, id: string, changes: UpdateReferenceTypeInput): Promise<ReferenceType> {
      const updated = await repo.update(kind, id, changes);
      if (!updated) throw notFound(notFoundMessage(kind));
      return updated;
    },
  };
}
export type ReferenceTypesService = ReturnType<typeof createReferenceTypesService>;

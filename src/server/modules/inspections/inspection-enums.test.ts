import { describe, expect, it } from 'vitest';
import { PHOTO_CONTENT_TYPES, SYSTEM_TYPES, UNIT_TYPES } from '../../../domain/inspections';
import { REPAIR_LINE_KINDS } from '../../../domain/repairs';
import { DB_ENUMS } from '../../db/schema/columns';
import { PHOTO_CONTENT_TYPES_DB, REPAIR_LINE_KINDS_DB } from '../../db/schema/inspections';

// The check constraints of the inspection tables and the domain's lists must agree.
describe('inspection enumerations match the domain', () => {
  it.each([
    ['repair line kinds', REPAIR_LINE_KINDS_DB, REPAIR_LINE_KINDS],
    ['photo content types', PHOTO_CONTENT_TYPES_DB, PHOTO_CONTENT_TYPES],
    ['unit types', DB_ENUMS.inspectionUnitType, UNIT_TYPES],
    ['system types', DB_ENUMS.inspectionSystemType, SYSTEM_TYPES],
  ])('%s', (_name, database, domain) => {
    expect([...database].sort()).toEqual([...domain].sort());
  });
});

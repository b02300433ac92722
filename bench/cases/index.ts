import type { BenchCase } from '../types.js';
import { foundationCases } from './foundation.js';

/** Every API benchmark case; each area adds its list here. */
export const benchCases: BenchCase[] = [...foundationCases];

import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Component tests render into one jsdom document: unmount after each test.
afterEach(cleanup);

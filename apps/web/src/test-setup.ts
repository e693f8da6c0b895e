import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without vitest's globals, Testing Library cannot unmount between tests by itself.
afterEach(cleanup);

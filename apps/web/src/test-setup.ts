import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without vitest's globals, Testing Library cannot unmount between tests by itself.
afterEach(cleanup);

// Overlays load their code on first use (ui/antd.tsx): on a busy two-core machine that takes longer
// than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

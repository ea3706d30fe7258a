import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens are lazy routes: on a busy 2-core machine their first import can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own unmount-after-each hook.
afterEach(() => cleanup());

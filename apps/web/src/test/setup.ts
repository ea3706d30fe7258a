import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// Screens are lazy routes: on a busy 2-core machine their first import can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own unmount-after-each hook.
afterEach(() => cleanup());

// Sonner removes a dismissed toast 200 ms later on a timer it does not clear on unmount. Let such timers fire while
// the file's DOM still exists: after its environment is torn down they throw 'window is not defined', which fails the
// whole run even though every test passed.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 250)));

import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// The suites run some 3,800 tests on two shared cores: a screen that paints in 50 ms alone can take over a second
// under that load, past Testing Library's 1 s default. findBy/waitFor wait up to 3 s for what the user would see (a
// text that never comes still fails), and a test up to 15 s in all.
configure({ asyncUtilTimeout: 3000 });
jest.setTimeout(15_000);

import path from 'node:path';
import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const plugin = require('./boundaries.js') as { rules: Record<string, Rule.RuleModule> };

const REPO = path.resolve(__dirname, '..', '..');
const at = (file: string) => path.join(REPO, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

describe('tours/shared-imports-no-app', () => {
  const file = at('shared/src/ui/Thing.tsx');
  tester.run('shared-imports-no-app', plugin.rules['shared-imports-no-app']!, {
    valid: [
      { filename: file, code: "import { a } from './Button'; import { b } from '../domain/price'; import '@tours/shared/core';" },
      { filename: file, code: "import React from 'react'; import { c } from '@tours/shared/src/routing/match'; export * from '../api/client';" },
      // A folder of shared that happens to be called like an app is still shared.
      { filename: at('shared/src/contract/index.ts'), code: "export * from './host';" },
    ],
    invalid: [
      { filename: file, code: "import { x } from '../../../host/src/events';", errors: [{ messageId: 'app', data: { specifier: '../../../host/src/events', app: 'host' } }] },
      { filename: file, code: "import type { Y } from '../../../mfe-tour/src/features/tour/api';", errors: [{ messageId: 'app', data: { specifier: '../../../mfe-tour/src/features/tour/api', app: 'mfe-tour' } }] },
      { filename: file, code: "export { z } from '@tours/api/src/db';", errors: [{ messageId: 'app', data: { specifier: '@tours/api/src/db', app: 'api' } }] },
      { filename: file, code: "const w = () => import('@tours/widgets');", errors: [{ messageId: 'app' }] },
      { filename: file, code: "const e = require('../../../e2e/fixtures');", errors: [{ messageId: 'app' }] },
      { filename: file, code: "type M = typeof import('@tours/mfe-search');", errors: [{ messageId: 'app' }] },
      { filename: at('shared/core.ts'), code: "export * from '../host/src/host-context';", errors: [{ messageId: 'app' }] },
    ],
  });
});

describe('tours/no-cross-feature-imports', () => {
  const options = [{ features: [{ dir: 'mfe-*/src/features', common: ['common'] }, { dir: 'widgets/src', common: ['runtime'] }] }];
  const organizer = at('mfe-tour/src/features/organizer/OrganizerPage.tsx');
  const section = at('mfe-tour/src/features/tour/sections/Organizer.tsx');
  tester.run('no-cross-feature-imports', plugin.rules['no-cross-feature-imports']!, {
    valid: [
      // Its own folder, the common folder, the package's top-level files, shared and other packages.
      { filename: organizer, options, code: "import { Pager } from './Pager'; import { f } from '../common/verification'; import '../common/common.css';" },
      { filename: section, options, code: "import { Section } from '../parts'; import type { TourDetail } from '../api'; import { m } from '../../common/VerificationMarks';" },
      { filename: at('mfe-search/src/features/blog/BlogPages.test.tsx'), options, code: "import { renderWithHost } from '../../test-utils'; import { useHost } from '@tours/shared';" },
      // Not in a feature: the routes and parcels compose the features.
      { filename: at('mfe-tour/src/app.tsx'), options, code: "const TourPage = () => import('./features/tour/TourPage'); const O = () => import('./features/organizer/OrganizerPage');" },
      { filename: at('mfe-tour/src/parcels/VariantsModal.tsx'), options, code: "import { VariantsModal } from '../features/tour/modals/VariantsModal';" },
      { filename: at('widgets/src/search/SearchWidget.tsx'), options, code: "import { callApi } from '../runtime/api'; import '../theme.css';" },
      { filename: at('widgets/src/loader.ts'), options, code: "import { ATTRIBUTES } from './runtime/protocol'; import { x } from './search/url';" },
      // A package without configured features (the host) is not checked.
      { filename: at('host/src/layout/header/Header.tsx'), options, code: "import { LocationControl } from '../location/LocationControl';" },
    ],
    invalid: [
      {
        filename: organizer,
        options,
        code: "import { fetchVerification } from '../tour/api';",
        errors: [{ messageId: 'feature', data: { from: 'mfe-tour/src/features/organizer', to: 'tour', specifier: '../tour/api', common: 'mfe-tour/src/features/common/' } }],
      },
      { filename: organizer, options, code: "import '../tour/tour.css'; export { T } from '../tour';", errors: [{ messageId: 'feature' }, { messageId: 'feature' }] },
      { filename: section, options, code: "import type { X } from '../../organizer/OrganizerPage';", errors: [{ messageId: 'feature', data: { from: 'mfe-tour/src/features/tour', to: 'organizer', specifier: '../../organizer/OrganizerPage', common: 'mfe-tour/src/features/common/' } }] },
      { filename: organizer, options, code: "const T = () => import('@tours/mfe-tour/src/features/tour/TourPage');", errors: [{ messageId: 'feature' }] },
      { filename: at('mfe-search/src/features/blog/BlogPages.test.tsx'), options, code: "import D from '../destinations/DestinationsPage';", errors: [{ message: "Feature 'mfe-search/src/features/blog' imports feature 'destinations' ('../destinations/DestinationsPage'). Features meet only through mfe-search/src/features/common/: move what they share there." }] },
      { filename: at('widgets/src/request/RequestWidget.tsx'), options, code: "import { sitePath } from '../search/url';", errors: [{ messageId: 'feature', data: { from: 'widgets/src/request', to: 'search', specifier: '../search/url', common: 'widgets/src/runtime/' } }] },
      // The common folder is what features share: it imports none of them.
      { filename: at('mfe-search/src/features/common/BlogCards.tsx'), options, code: "import '../main/main.css';", errors: [{ message: "'mfe-search/src/features/common' holds what the features share and imports no feature: '../main/main.css' is feature 'main'." }] },
    ],
  });
});

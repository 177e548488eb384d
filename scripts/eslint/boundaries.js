/**
 * Local ESLint plugin `tours`: the import boundaries of the monorepo (issue 12) that `no-restricted-imports`
 * cannot express, because they depend on where the importing file is and where the import resolves to.
 *
 *   tours/shared-imports-no-app   shared/ imports no app: nothing from host, api, widgets, e2e or a
 *                                 microfrontend, by a relative path or by package name (@tours/host, …).
 *   tours/no-cross-feature-imports  a feature folder imports no other feature folder of its package; what two
 *                                 features share lives in the package's common folder (or its top-level files).
 *
 * Every way of naming a module counts: import (type-only ones too — a type is coupling as well), export … from,
 * import(), require(), `import x = require()` and `typeof import()` types. Specifiers are resolved by path
 * only: relative ones against the importing file, `@tours/<package>/…` against the package's folder.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..', '..');
/** The app packages: everything in the monorepo that depends on shared. */
const APP_FOLDER = /^(host|api|widgets|e2e|mfe-[^/]+)$/;

const posix = (p) => p.split(path.sep).join('/');

/** Root-relative posix path a specifier resolves to, or null for a third-party package. */
function resolveSpecifier(filename, specifier) {
  if (specifier.startsWith('.')) return posix(path.relative(REPO, path.resolve(path.dirname(filename), specifier)));
  const scoped = /^@tours\/([^/]+)(\/.*)?$/.exec(specifier);
  if (scoped) return `${scoped[1]}${scoped[2] ?? ''}`;
  return null;
}

/** Calls `check(specifier, node)` for every module the file names. */
function onEveryImport(check) {
  const literal = (node, source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string') check(source.value, node);
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
    TSImportEqualsDeclaration: (node) => {
      if (node.moduleReference.type === 'TSExternalModuleReference') literal(node, node.moduleReference.expression);
    },
    TSImportType: (node) => literal(node, node.argument && node.argument.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    CallExpression: (node) => {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require') literal(node, node.arguments[0]);
    },
  };
}

const sharedImportsNoApp = {
  meta: {
    type: 'problem',
    docs: { description: 'shared/ imports no app (host, api, widgets, e2e, microfrontends): the apps depend on shared, never the other way' },
    schema: [],
    messages: {
      app: "shared imports no app: '{{specifier}}' is {{app}}/. Move what shared needs into shared/ (apps depend on shared, never the other way).",
    },
  },
  create(context) {
    return onEveryImport((specifier, node) => {
      const target = resolveSpecifier(context.filename, specifier);
      const app = target && target.split('/')[0];
      if (app && APP_FOLDER.test(app)) context.report({ node, messageId: 'app', data: { specifier, app } });
    });
  },
};

/**
 * Options: { features: [{ dir, common }] }. `dir` (root-relative; `*` stands for one path segment) is a folder
 * whose direct subfolders are the features of a package; `common` lists the subfolders that are not features
 * but what the features share. Files directly in `dir` are not in a feature.
 */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature folder imports no other feature folder of its package; shared pieces live in its common folder' },
    schema: [
      {
        type: 'object',
        properties: {
          features: {
            type: 'array',
            items: {
              type: 'object',
              properties: { dir: { type: 'string' }, common: { type: 'array', items: { type: 'string' } } },
              required: ['dir'],
              additionalProperties: false,
            },
          },
        },
        required: ['features'],
        additionalProperties: false,
      },
    ],
    messages: {
      feature: "Feature '{{from}}' imports feature '{{to}}' ('{{specifier}}'). Features meet only through {{common}}: move what they share there.",
      common: "'{{from}}' holds what the features share and imports no feature: '{{specifier}}' is feature '{{to}}'.",
    },
  },
  create(context) {
    const file = posix(path.relative(REPO, context.filename));
    const escape = (s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+');
    for (const { dir, common = [] } of context.options[0].features) {
      const here = new RegExp(`^(${escape(dir)})/([^/]+)/`).exec(file);
      if (!here) continue;
      const [, base, own] = here;
      const isCommon = common.includes(own);
      const commonNames = common.length ? common.map((c) => `${base}/${c}/`).join(' or ') : `the top-level files of ${base}/`;
      /** The feature a root-relative path is in (a folder of `base`, not a common one), or null. */
      const featureOf = (target) => {
        if (!target.startsWith(`${base}/`)) return null;
        const [name, ...rest] = target.slice(base.length + 1).split('/');
        if (!name || common.includes(name)) return null;
        // '../tour' may be the folder (a feature) or a file next to the features (not one).
        if (rest.length === 0) {
          try {
            if (!fs.statSync(path.join(REPO, base, name)).isDirectory()) return null;
          } catch {
            return null;
          }
        }
        return name;
      };
      return onEveryImport((specifier, node) => {
        const target = resolveSpecifier(context.filename, specifier);
        const to = target && featureOf(target);
        if (!to || to === own) return;
        context.report({ node, messageId: isCommon ? 'common' : 'feature', data: { from: `${base}/${own}`, to, specifier, common: commonNames } });
      });
    }
    return {};
  },
};

module.exports = {
  meta: { name: 'tours' },
  rules: {
    'shared-imports-no-app': sharedImportsNoApp,
    'no-cross-feature-imports': noCrossFeatureImports,
  },
};

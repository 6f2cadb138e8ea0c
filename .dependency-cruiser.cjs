// Import cycles, checked by dependency-cruiser (`npm run lint:cycles`, part of `npm run check`; docs/conventions.md
// "Tooling"). One walk of the whole tree, with the web app's tsconfig for its `@/` paths; type-only imports are left out,
// as TypeScript erases them.
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: modules that need each other to load. Move the shared part into a third module.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: `${__dirname}/apps/web/tsconfig.json` },
  },
};

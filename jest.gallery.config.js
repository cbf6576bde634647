/**
 * `npm run viewer:gallery`: writes every page of the viewer to docs/images/pages/ (apps/viewer/test/viewer-gallery.pages.ts),
 * for people to look at. Pictures, not checks, so not a tier of `npm test`: run it after changing how a page looks.
 */
const { projects, ...shared } = require('./jest.config');

const browser = projects.find((project) => project.displayName === 'browser');
module.exports = { ...shared, projects: [{ ...browser, displayName: 'gallery', testMatch: ['<rootDir>/apps/viewer/test/*.pages.ts'] }] };

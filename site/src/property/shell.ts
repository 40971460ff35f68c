// The property shell: one page prerendered under the placeholder id below and written to
// dist/property-shell.html. netlify.toml answers every /property/{id} without a page of its
// own with it (status 404); in the browser it loads /api/properties/{id}.json and shows the
// property, or 'Property Not Found' when there is none (one published after the build, or an
// unknown id).

/** The id the shell is rendered under; not a valid content id, so no property can have it. */
export const PROPERTY_SHELL_ID = '__shell__';

/** Pages rendered once and written to a file of their own rather than to {path}/index.html. */
export const SHELL_PAGES: { path: string; file: string }[] = [
  { path: `/property/${PROPERTY_SHELL_ID}`, file: 'property-shell.html' },
];

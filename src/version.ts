// The package version, kept in step with package.json by a test.

/** skillset's version. */
export const VERSION = '0.1.0';

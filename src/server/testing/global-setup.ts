import {
  createPgliteTemplate,
  createPostgresTemplate,
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
} from "./database-template";

// Vitest's global setup: once per run, before any test file, the migrated template the harness
// copies for each test file (ADR 032): a PostgreSQL database when TEST_DATABASE_URL is set, a PGlite
// data directory otherwise. The workers inherit the variables naming it; teardown removes it.
export default async function setup() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createPostgresTemplate(adminUrl);
    process.env[POSTGRES_TEMPLATE_ENV] = template.name;
    return async () => {
      delete process.env[POSTGRES_TEMPLATE_ENV];
      await template.drop();
    };
  }
  const template = await createPgliteTemplate();
  process.env[PGLITE_TEMPLATE_ENV] = template.file;
  return () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    template.remove();
  };
}

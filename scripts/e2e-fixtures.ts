// Before the end-to-end server starts (scripts/e2e-server.mjs): the demo world, as the server would
// seed it, plus the records the journeys need that no page can make (tests/e2e/fixtures/e2e-records.ts),
// made with the same record factories as the demo world and the API tests.
import { createApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { readEnv } from "../src/server/env";
import { createUserAccount } from "../src/server/factories/accounts";
import { createMembership, createOrganization } from "../src/server/factories/organizations";
import { grantRole } from "../src/server/lib/access";
import { createLogger } from "../src/server/lib/logger";
import { resolveAuthSecret } from "../src/server/lib/secret";
import { seedIfEmpty } from "../src/server/seed/seed";
import { TWO_ORGANIZATIONS } from "../tests/e2e/fixtures/e2e-records";

const env = readEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.migrate();
  const secret = await resolveAuthSecret(database.db, env.AUTH_SECRET);
  const { deps } = createApp({ env, database, log: createLogger(env.LOG_LEVEL), secret });
  try {
    await seedIfEmpty(deps);
    const u = TWO_ORGANIZATIONS;
    const userId = await createUserAccount(deps, {
      email: u.email,
      password: u.password,
      fullName: u.fullName,
      organizationName: u.program.name,
      role: "program",
    });
    await grantRole(deps.db, userId, "facility");
    const day = 86_400_000;
    const program = await createOrganization(deps.db, "program", u.program);
    const facility = await createOrganization(deps.db, "facility", u.facility);
    // The program first: a new session acts for the oldest membership.
    await createMembership(deps.db, { userId, organizationId: program.id, createdAt: new Date(Date.now() - 2 * day) });
    await createMembership(deps.db, { userId, organizationId: facility.id, createdAt: new Date(Date.now() - day) });
  } finally {
    await deps.realtime.close();
  }
} finally {
  await database.close();
}

// API tests run against real databases (seeding, PostgreSQL); jest's `testTimeout` is global, so the
// api project sets its own here.
jest.setTimeout(60_000);

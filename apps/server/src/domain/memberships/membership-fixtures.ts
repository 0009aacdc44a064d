// Exports the shared membership test fixtures (testing/memberships.ts) under their first name, for this area's tests.
export * from '#src/testing/memberships.ts';

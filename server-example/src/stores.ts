// server-example's store and the in-process emulator's state file, chosen from the environment as the
// service chooses them (@pay-elements/service: PostgreSQL for several instances, else a SQLite file or
// memory, with the emulator's file beside it).
export { openStore, sandboxDataFile } from '@pay-elements/service';

-- ADR 0030: a ledger transfer names the audit log of the request that made it (in its hash when
-- set); no entity change repeats it. Transfers written before keep null and their hashes.
ALTER TABLE "ledger_transfers" ADD COLUMN "audit_log_id" uuid;

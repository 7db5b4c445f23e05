CREATE TABLE "commission_rates" (
	"service" text PRIMARY KEY NOT NULL,
	"bp" integer NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"set_by" text NOT NULL,
	CONSTRAINT "commission_rates_bp_check" CHECK ("commission_rates"."bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"account" text NOT NULL,
	"mate_id" text,
	"line" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_paise" <> 0),
	CONSTRAINT "ledger_entries_mate_check" CHECK (("ledger_entries"."account" = 'mate') = ("ledger_entries"."mate_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"booking_id" text,
	"job_id" text,
	"mate_id" text,
	"payout_id" text,
	"memo" text,
	"actor" text NOT NULL,
	"actor_id" text
);
--> statement-breakpoint
CREATE TABLE "mate_dues_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"mate_id" text NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"razorpay_payment_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "mate_dues_payments_amount_check" CHECK ("mate_dues_payments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_destinations" (
	"id" text PRIMARY KEY NOT NULL,
	"mate_id" text NOT NULL,
	"kind" text NOT NULL,
	"holder_name" text NOT NULL,
	"masked" text NOT NULL,
	"ifsc" text,
	"contact_id" text NOT NULL,
	"fund_account_id" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"added_by" text,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "payout_destinations_kind_check" CHECK ("payout_destinations"."kind" in ('bank_account', 'vpa'))
);
--> statement-breakpoint
CREATE TABLE "payout_events" (
	"razorpay_payout_id" text NOT NULL,
	"status" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_events_razorpay_payout_id_status_pk" PRIMARY KEY("razorpay_payout_id","status")
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"week" date NOT NULL,
	"cutoff" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	CONSTRAINT "payout_runs_status_check" CHECK ("payout_runs"."status" in ('draft', 'approved', 'done'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"settlement_id" text NOT NULL,
	"mate_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"mode" text NOT NULL,
	"fund_account_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"razorpay_payout_id" text,
	"utr" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "reconciliation_flags" (
	"id" text PRIMARY KEY NOT NULL,
	"payout_id" text NOT NULL,
	"difference" text NOT NULL,
	"ours" text NOT NULL,
	"theirs" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"mate_id" text NOT NULL,
	"jobs" integer NOT NULL,
	"gross_paise" bigint NOT NULL,
	"commission_paise" bigint NOT NULL,
	"tds_paise" bigint NOT NULL,
	"tips_paise" bigint NOT NULL,
	"collected_paise" bigint NOT NULL,
	"adjustments_paise" bigint NOT NULL,
	"balance_paise" bigint NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "settlements_amount_check" CHECK ("settlements"."amount_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "commission_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mates" ADD COLUMN "pan" text;--> statement-breakpoint
ALTER TABLE "mates" ADD COLUMN "pan_given_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_mate_id_mates_id_fk" FOREIGN KEY ("mate_id") REFERENCES "public"."mates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_mate_id_mates_id_fk" FOREIGN KEY ("mate_id") REFERENCES "public"."mates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mate_dues_payments" ADD CONSTRAINT "mate_dues_payments_mate_id_mates_id_fk" FOREIGN KEY ("mate_id") REFERENCES "public"."mates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD CONSTRAINT "payout_destinations_mate_id_mates_id_fk" FOREIGN KEY ("mate_id") REFERENCES "public"."mates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_destinations" ADD CONSTRAINT "payout_destinations_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_mate_id_mates_id_fk" FOREIGN KEY ("mate_id") REFERENCES "public"."mates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_flags" ADD CONSTRAINT "reconciliation_flags_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_flags" ADD CONSTRAINT "reconciliation_flags_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_mate_id_mates_id_fk" FOREIGN KEY ("mate_id") REFERENCES "public"."mates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_mate_idx" ON "ledger_entries" USING btree ("mate_id","at");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_key" ON "ledger_transactions" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_job_idx" ON "ledger_transactions" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_mate_idx" ON "ledger_transactions" USING btree ("mate_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "mate_dues_payments_order_key" ON "mate_dues_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "mate_dues_payments_mate_idx" ON "mate_dues_payments" USING btree ("mate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_destinations_active_key" ON "payout_destinations" USING btree ("mate_id") WHERE "payout_destinations"."replaced_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_week_key" ON "payout_runs" USING btree ("week");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_settlement_attempt_key" ON "payouts" USING btree ("settlement_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_live_key" ON "payouts" USING btree ("settlement_id") WHERE "payouts"."status" not in ('failed', 'reversed', 'cancelled', 'rejected');--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_razorpay_key" ON "payouts" USING btree ("razorpay_payout_id");--> statement-breakpoint
CREATE INDEX "payouts_mate_idx" ON "payouts" USING btree ("mate_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "reconciliation_flags_open_idx" ON "reconciliation_flags" USING btree ("found_at") WHERE "reconciliation_flags"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_run_mate_key" ON "settlements" USING btree ("run_id","mate_id");--> statement-breakpoint
CREATE INDEX "settlements_mate_idx" ON "settlements" USING btree ("mate_id");--> statement-breakpoint
-- The books balance: at commit, each ledger transaction's entries must sum to zero. A deferred
-- constraint trigger, so a transaction's entries may be written one by one within it.
CREATE FUNCTION "ledger_transaction_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	total numeric;
BEGIN
	SELECT coalesce(sum("amount_paise"), 0) INTO total FROM "ledger_entries" WHERE "transaction_id" = NEW."transaction_id";
	IF total <> 0 THEN
		RAISE EXCEPTION 'ledger transaction % does not balance: its entries sum to % paise', NEW."transaction_id", total
			USING ERRCODE = '23514';
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balance" AFTER INSERT ON "ledger_entries"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_transaction_balances"();--> statement-breakpoint
-- The ledger is written once: a mistake is mended by a new transaction, never by changing an old one.
CREATE FUNCTION "ledger_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions"
	FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
-- Jobs booked before commission existed take their group's default rate.
UPDATE "jobs" SET "commission_bp" = CASE "services"."group" WHEN 'Renova' THEN 1500 WHEN 'Nearkart' THEN 1000 ELSE 2000 END
	FROM "services" WHERE "services"."name" = "jobs"."service";

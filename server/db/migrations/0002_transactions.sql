CREATE TABLE "import_batches" (
	"user_sub" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_batches_user_sub_id_pk" PRIMARY KEY("user_sub","id")
);
--> statement-breakpoint
CREATE TABLE "payee_rules" (
	"user_sub" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payee_rules_user_sub_id_pk" PRIMARY KEY("user_sub","id")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"user_sub" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_id" text NOT NULL,
	"date" text NOT NULL,
	"batch_id" text,
	CONSTRAINT "transactions_user_sub_id_pk" PRIMARY KEY("user_sub","id")
);
--> statement-breakpoint
CREATE INDEX "import_batches_seq" ON "import_batches" USING btree ("user_sub","seq");--> statement-breakpoint
CREATE INDEX "payee_rules_seq" ON "payee_rules" USING btree ("user_sub","seq");--> statement-breakpoint
CREATE INDEX "transactions_seq" ON "transactions" USING btree ("user_sub","seq");--> statement-breakpoint
CREATE INDEX "transactions_date" ON "transactions" USING btree ("user_sub","date","id");--> statement-breakpoint
CREATE INDEX "transactions_account_date" ON "transactions" USING btree ("user_sub","account_id","date","id");--> statement-breakpoint
CREATE INDEX "transactions_batch" ON "transactions" USING btree ("user_sub","batch_id");
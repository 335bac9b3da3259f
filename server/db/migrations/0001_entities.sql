CREATE SEQUENCE "public"."change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "accounts" (
	"user_sub" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scenario_event_id" text,
	CONSTRAINT "accounts_user_sub_id_pk" PRIMARY KEY("user_sub","id")
);
--> statement-breakpoint
CREATE TABLE "assumptions" (
	"user_sub" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assumptions_user_sub_id_pk" PRIMARY KEY("user_sub","id")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"user_sub" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_user_sub_id_pk" PRIMARY KEY("user_sub","id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"user_sub" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scenario_id" text NOT NULL,
	CONSTRAINT "events_user_sub_id_pk" PRIMARY KEY("user_sub","id")
);
--> statement-breakpoint
CREATE TABLE "modifications" (
	"user_sub" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scenario_id" text NOT NULL,
	"position" bigint NOT NULL,
	CONSTRAINT "modifications_user_sub_id_pk" PRIMARY KEY("user_sub","id")
);
--> statement-breakpoint
CREATE TABLE "recurring_items" (
	"user_sub" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scenario_event_id" text,
	CONSTRAINT "recurring_items_user_sub_id_pk" PRIMARY KEY("user_sub","id")
);
--> statement-breakpoint
CREATE TABLE "scenarios" (
	"user_sub" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scenarios_user_sub_id_pk" PRIMARY KEY("user_sub","id")
);
--> statement-breakpoint
CREATE TABLE "sync_clients" (
	"user_sub" text NOT NULL,
	"client_id" text NOT NULL,
	"last_mutation_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_clients_user_sub_client_id_pk" PRIMARY KEY("user_sub","client_id")
);
--> statement-breakpoint
CREATE TABLE "sync_results" (
	"user_sub" text NOT NULL,
	"client_id" text NOT NULL,
	"mutation_id" bigint NOT NULL,
	"status" integer NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_results_user_sub_client_id_mutation_id_pk" PRIMARY KEY("user_sub","client_id","mutation_id")
);
--> statement-breakpoint
CREATE INDEX "accounts_seq" ON "accounts" USING btree ("user_sub","seq");--> statement-breakpoint
CREATE INDEX "accounts_event" ON "accounts" USING btree ("user_sub","scenario_event_id");--> statement-breakpoint
CREATE INDEX "assumptions_seq" ON "assumptions" USING btree ("user_sub","seq");--> statement-breakpoint
CREATE INDEX "categories_seq" ON "categories" USING btree ("user_sub","seq");--> statement-breakpoint
CREATE INDEX "events_seq" ON "events" USING btree ("user_sub","seq");--> statement-breakpoint
CREATE INDEX "events_scenario" ON "events" USING btree ("user_sub","scenario_id");--> statement-breakpoint
CREATE INDEX "modifications_seq" ON "modifications" USING btree ("user_sub","seq");--> statement-breakpoint
CREATE INDEX "modifications_scenario" ON "modifications" USING btree ("user_sub","scenario_id");--> statement-breakpoint
CREATE INDEX "recurring_items_seq" ON "recurring_items" USING btree ("user_sub","seq");--> statement-breakpoint
CREATE INDEX "recurring_items_event" ON "recurring_items" USING btree ("user_sub","scenario_event_id");--> statement-breakpoint
CREATE INDEX "scenarios_seq" ON "scenarios" USING btree ("user_sub","seq");
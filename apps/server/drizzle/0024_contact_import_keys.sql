CREATE TABLE "contact_imports" (
	"store_id" text NOT NULL,
	"import_key" text NOT NULL,
	"csv_sha256" text NOT NULL,
	"summary" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_imports_store_id_import_key_pk" PRIMARY KEY("store_id","import_key")
);
--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
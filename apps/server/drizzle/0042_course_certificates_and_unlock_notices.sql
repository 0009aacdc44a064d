CREATE TABLE "course_settings" (
	"product_id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"certificate_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_unlock_notices" (
	"enrolment_id" text NOT NULL,
	"section_id" text NOT NULL,
	"store_id" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_unlock_notices_enrolment_id_section_id_pk" PRIMARY KEY("enrolment_id","section_id")
);
--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD COLUMN "lesson_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "course_settings" ADD CONSTRAINT "course_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_settings" ADD CONSTRAINT "course_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_unlock_notices" ADD CONSTRAINT "course_unlock_notices_enrolment_id_course_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."course_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_unlock_notices" ADD CONSTRAINT "course_unlock_notices_section_id_course_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_unlock_notices" ADD CONSTRAINT "course_unlock_notices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_settings_store_idx" ON "course_settings" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "course_unlock_notices_section_idx" ON "course_unlock_notices" USING btree ("section_id");
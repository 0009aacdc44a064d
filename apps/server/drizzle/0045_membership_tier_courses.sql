CREATE TABLE "membership_tier_courses" (
	"tier_id" text NOT NULL,
	"course_id" text NOT NULL,
	"store_id" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_tier_courses_tier_id_course_id_pk" PRIMARY KEY("tier_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD COLUMN "source_membership_id" text;--> statement-breakpoint
ALTER TABLE "membership_tier_courses" ADD CONSTRAINT "membership_tier_courses_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tier_courses" ADD CONSTRAINT "membership_tier_courses_course_id_products_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tier_courses" ADD CONSTRAINT "membership_tier_courses_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_tier_courses_course_idx" ON "membership_tier_courses" USING btree ("course_id");--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_source_membership_id_memberships_id_fk" FOREIGN KEY ("source_membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;
DROP INDEX "analytics_visits_day_idx";--> statement-breakpoint
CREATE INDEX "analytics_visits_day_brin" ON "analytics_visits" USING brin ("local_day");
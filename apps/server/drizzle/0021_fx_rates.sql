CREATE TABLE "fx_rates" (
	"base" text NOT NULL,
	"currency" text NOT NULL,
	"rate" double precision NOT NULL,
	"as_of" date NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fx_rates_base_currency_pk" PRIMARY KEY("base","currency"),
	CONSTRAINT "fx_rates_source" CHECK ("fx_rates"."source" in ('fetched', 'bundled')),
	CONSTRAINT "fx_rates_rate_positive" CHECK ("fx_rates"."rate" > 0)
);

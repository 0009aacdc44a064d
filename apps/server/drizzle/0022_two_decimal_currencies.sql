-- Stripe charges AFN, ALL, COP, IDR, LAK, LBP, MMK, PKR, RSD, SOS, STD and YER in two-decimal minor
-- units; earlier releases stored them in whole units (CLDR's zero decimals). Amounts creators typed
-- are kept: prices and fixed discounts in these currencies move to hundredths. Orders keep what was
-- charged.
UPDATE "products"
SET "price_cents" = least("price_cents"::bigint * 100, 2147483647)::integer,
    "min_price_cents" = least("min_price_cents"::bigint * 100, 2147483647)::integer,
    -- least() skips NULLs, so an unset price would become the maximum: nulls stay null.
    "compare_at_cents" = CASE WHEN "compare_at_cents" IS NULL THEN NULL ELSE least("compare_at_cents"::bigint * 100, 2147483647)::integer END,
    "bump_price_cents" = CASE WHEN "bump_price_cents" IS NULL THEN NULL ELSE least("bump_price_cents"::bigint * 100, 2147483647)::integer END
WHERE "currency" IN ('AFN', 'ALL', 'COP', 'IDR', 'LAK', 'LBP', 'MMK', 'PKR', 'RSD', 'SOS', 'STD', 'YER');
--> statement-breakpoint
UPDATE "discount_codes"
SET "value" = CASE WHEN "kind" = 'amount' THEN least("value"::bigint * 100, 2147483647)::integer ELSE "value" END,
    "min_price_cents" = least("min_price_cents"::bigint * 100, 2147483647)::integer
WHERE "currency" IN ('AFN', 'ALL', 'COP', 'IDR', 'LAK', 'LBP', 'MMK', 'PKR', 'RSD', 'SOS', 'STD', 'YER');

-- SECURITY "append-only audit log": grants and revokes can be added, never edited or removed.
CREATE FUNCTION "admin_audit_log_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_append_only"
BEFORE UPDATE OR DELETE ON "admin_audit_log"
FOR EACH ROW EXECUTE FUNCTION "admin_audit_log_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "admin_audit_log_no_truncate"
BEFORE TRUNCATE ON "admin_audit_log"
FOR EACH STATEMENT EXECUTE FUNCTION "admin_audit_log_refuse_change"();

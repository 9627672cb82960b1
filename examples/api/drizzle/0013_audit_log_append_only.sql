-- Hand-written: the audit log is append-only. A row is never edited or removed; the one change allowed is
-- the erasure of an account (DELETE /me): its uid replaced by an anonymous 'erased:' reference, as actor
-- (with the email dropped) or as the reader whose coins were credited, everything else untouched.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW.id = OLD.id AND NEW.action = OLD.action AND NEW.target_type = OLD.target_type
		AND NEW.comic_id IS NOT DISTINCT FROM OLD.comic_id AND NEW.detail = OLD.detail AND NEW.created_at = OLD.created_at
		AND ((NEW.actor_uid = OLD.actor_uid AND NEW.actor_email IS NOT DISTINCT FROM OLD.actor_email)
			OR (NEW.actor_uid LIKE 'erased:%' AND OLD.actor_uid NOT LIKE 'erased:%' AND NEW.actor_email IS NULL))
		AND (NEW.target_id = OLD.target_id
			OR (NEW.target_type = 'coins' AND NEW.target_id LIKE 'erased:%' AND OLD.target_id NOT LIKE 'erased:%')) THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
	FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE FUNCTION "audit_log_not_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: TRUNCATE refused' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_not_truncated" BEFORE TRUNCATE ON "audit_log"
	FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_not_truncated"();

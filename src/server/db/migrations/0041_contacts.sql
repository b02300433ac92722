CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"location_id" uuid,
	"name" varchar(200) NOT NULL,
	"title" varchar(200),
	"email" varchar(254),
	"office_phone" varchar(30),
	"mobile_phone" varchar(30),
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"notes" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_name_not_blank" CHECK (btrim("contacts"."name") <> ''),
	CONSTRAINT "contacts_roles_check" CHECK ("contacts"."roles" <@ array['site_contact', 'billing', 'management', 'owner', 'tenant']::text[]),
	CONSTRAINT "contacts_primary_has_location" CHECK (not "contacts"."is_primary" or "contacts"."location_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_primary_per_location" ON "contacts" USING btree ("location_id") WHERE "contacts"."is_primary";--> statement-breakpoint
CREATE INDEX "contacts_name_idx" ON "contacts" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "contacts_company_name_idx" ON "contacts" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "contacts_location_name_idx" ON "contacts" USING btree ("location_id","name","id");--> statement-breakpoint
CREATE INDEX "contacts_roles_idx" ON "contacts" USING gin ("roles");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_contact_idx" ON "jobs" USING btree ("contact_id") WHERE "jobs"."contact_id" is not null;--> statement-breakpoint
-- hand-written:
-- contacts.search_text: name, title, e-mail, phones as typed and as digits, company and location
-- names, in lower case (decision 038). Kept on the contact's own writes and on a company's or
-- location's rename; checked by tests/api/derived-data.test.ts.
CREATE OR REPLACE FUNCTION "contacts_search_text_of"(p_name text, p_title text, p_email text, p_office text,
  p_mobile text, p_company_id uuid, p_location_id uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ', p_name, p_title, p_email, p_office, p_mobile,
    nullif(regexp_replace(coalesce(p_office, ''), '\D', '', 'g'), ''),
    nullif(regexp_replace(coalesce(p_mobile, ''), '\D', '', 'g'), ''),
    (SELECT c."name" FROM "companies" c WHERE c."id" = p_company_id),
    (SELECT l."name" FROM "locations" l WHERE l."id" = p_location_id)));
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "contacts_search_text_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := "contacts_search_text_of"(NEW."name", NEW."title", NEW."email", NEW."office_phone",
    NEW."mobile_phone", NEW."company_id", NEW."location_id");
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_search_text_fill" BEFORE INSERT OR UPDATE OF "name", "title", "email", "office_phone",
  "mobile_phone", "company_id", "location_id"
ON "contacts" FOR EACH ROW EXECUTE FUNCTION "contacts_search_text_fill"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "contacts_search_text_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    UPDATE "contacts" k SET "search_text" = "contacts_search_text_of"(k."name", k."title", k."email",
      k."office_phone", k."mobile_phone", k."company_id", k."location_id")
    WHERE k."company_id" = NEW."id";
  ELSE
    UPDATE "contacts" k SET "search_text" = "contacts_search_text_of"(k."name", k."title", k."email",
      k."office_phone", k."mobile_phone", k."company_id", k."location_id")
    WHERE k."location_id" = NEW."id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_contacts_search_text_cascade" AFTER UPDATE OF "name" ON "companies" FOR EACH ROW
WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION "contacts_search_text_cascade"();
--> statement-breakpoint
CREATE TRIGGER "locations_contacts_search_text_cascade" AFTER UPDATE OF "name" ON "locations" FOR EACH ROW
WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION "contacts_search_text_cascade"();

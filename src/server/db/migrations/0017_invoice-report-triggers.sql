-- The financial report sums invoices by issued month, status, the job's service line and the
-- customer (the job location's company). Copies of the two on each invoice, kept equal to the job
-- and location by these triggers, let the report aggregate job_invoices alone through one covering
-- index instead of joining jobs and locations for every invoice of the period.
CREATE OR REPLACE FUNCTION job_invoices_copy_job_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT j.service_line, l.company_id INTO NEW.service_line, NEW.company_id
  FROM jobs j LEFT JOIN locations l ON l.id = j.location_id
  WHERE j.id = NEW.job_id;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS job_invoices_copy_job_facts ON job_invoices;--> statement-breakpoint
CREATE TRIGGER job_invoices_copy_job_facts BEFORE INSERT OR UPDATE OF job_id ON job_invoices
  FOR EACH ROW EXECUTE FUNCTION job_invoices_copy_job_facts();--> statement-breakpoint
CREATE OR REPLACE FUNCTION jobs_update_invoice_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE job_invoices i
  SET service_line = NEW.service_line,
      company_id = (SELECT l.company_id FROM locations l WHERE l.id = NEW.location_id)
  WHERE i.job_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS jobs_update_invoice_facts ON jobs;--> statement-breakpoint
CREATE TRIGGER jobs_update_invoice_facts AFTER UPDATE OF service_line, location_id ON jobs
  FOR EACH ROW WHEN (OLD.service_line IS DISTINCT FROM NEW.service_line OR OLD.location_id IS DISTINCT FROM NEW.location_id)
  EXECUTE FUNCTION jobs_update_invoice_facts();--> statement-breakpoint
CREATE OR REPLACE FUNCTION locations_update_invoice_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE job_invoices i SET company_id = NEW.company_id
  WHERE i.job_id IN (SELECT j.id FROM jobs j WHERE j.location_id = NEW.id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS locations_update_invoice_company ON locations;--> statement-breakpoint
CREATE TRIGGER locations_update_invoice_company AFTER UPDATE OF company_id ON locations
  FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION locations_update_invoice_company();--> statement-breakpoint
UPDATE job_invoices i SET service_line = j.service_line, company_id = l.company_id
FROM jobs j LEFT JOIN locations l ON l.id = j.location_id
WHERE j.id = i.job_id;--> statement-breakpoint
-- The report's one index: the period's invoices in issue order, with everything it sums.
CREATE INDEX IF NOT EXISTS job_invoices_report_idx ON job_invoices USING btree (issued_date)
  INCLUDE (status, amount, service_line, company_id) WHERE issued_date IS NOT NULL;

import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { displayName } from '../../../domain/display-name.js';
import type {
  EmailTemplate,
  EmailTemplateContent,
  EmailTemplateInput,
  PdfTemplate,
  TemplateQuoteType,
} from '../../../domain/quote-templates.js';
import { EMAIL_TEMPLATE_FIELDS } from '../../../domain/quote-templates.js';
import type { Executor } from '../../db/client.js';
import { quoteTemplates, users } from '../../db/schema.js';

type TemplateRow = typeof quoteTemplates.$inferSelect;

export interface PdfTemplateRecord extends PdfTemplate {
  storageKey: string;
}

const uploaderName = (u: { username: string; firstName: string | null; lastName: string | null } | null) =>
  u ? displayName(u) : null;

function toPdfTemplate(
  row: TemplateRow,
  uploader: { id: string; username: string; firstName: string | null; lastName: string | null } | null,
): PdfTemplateRecord {
  return {
    id: row.id,
    name: row.name,
    templateType: (row.templateType as TemplateQuoteType | null) ?? null,
    isDefault: row.isDefault,
    fileName: row.fileName ?? 'template.pdf',
    fileSize: row.fileSize ?? 0,
    pageCount: row.pageCount ?? 0,
    preservedPages: row.preservedPages.length ? row.preservedPages : [1],
    uploadedBy: uploader ? { id: uploader.id, name: uploaderName(uploader)! } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    storageKey: row.storageKey ?? '',
  };
}

function toEmailTemplate(row: TemplateRow): EmailTemplate {
  const content = Object.fromEntries(
    EMAIL_TEMPLATE_FIELDS.map((f) => [f, String(row.emailContent?.[f] ?? '')]),
  ) as EmailTemplateContent;
  return {
    id: row.id,
    name: row.name,
    templateType: row.templateType as TemplateQuoteType,
    isDefault: row.isDefault,
    builtIn: false,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...content,
  };
}

const uploaderColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** Same type, or both "every type" (null). */
const sameType = (type: TemplateQuoteType | null) =>
  type === null ? isNull(quoteTemplates.templateType) : eq(quoteTemplates.templateType, type);

/** Unsets the default of a kind and type (but for one template, when given). */
async function clearDefaults(
  kind: 'pdf' | 'email',
  type: TemplateQuoteType | null,
  exec: Executor,
  exceptId?: string,
): Promise<void> {
  await exec
    .update(quoteTemplates)
    .set({ isDefault: false })
    .where(
      and(
        eq(quoteTemplates.kind, kind),
        eq(quoteTemplates.isDefault, true),
        sameType(type),
        exceptId ? sql`${quoteTemplates.id} <> ${exceptId}` : undefined,
      ),
    );
}

export function createQuoteTemplatesRepo(db: Executor) {
  return {
    /** The PDF templates of a tab: that type's and the ones for every type, by name. */
    async listPdf(type: TemplateQuoteType, exec: Executor = db): Promise<PdfTemplateRecord[]> {
      const rows = await exec
        .select({ t: quoteTemplates, u: uploaderColumns })
        .from(quoteTemplates)
        .leftJoin(users, eq(users.id, quoteTemplates.userId))
        .where(
          and(
            eq(quoteTemplates.kind, 'pdf'),
            or(eq(quoteTemplates.templateType, type), isNull(quoteTemplates.templateType)),
          ),
        )
        .orderBy(asc(sql`lower(${quoteTemplates.name})`), asc(quoteTemplates.createdAt))
        .limit(500);
      return rows.map((r) => toPdfTemplate(r.t, r.u?.id ? r.u : null));
    },

    async getPdf(id: string, exec: Executor = db): Promise<PdfTemplateRecord | null> {
      const [row] = await exec
        .select({ t: quoteTemplates, u: uploaderColumns })
        .from(quoteTemplates)
        .leftJoin(users, eq(users.id, quoteTemplates.userId))
        .where(and(eq(quoteTemplates.id, id), eq(quoteTemplates.kind, 'pdf')));
      return row ? toPdfTemplate(row.t, row.u?.id ? row.u : null) : null;
    },

    /** The default PDF template of a type; a default for every type (null) stands in when the type has none. */
    async findDefaultPdf(type: TemplateQuoteType, exec: Executor = db): Promise<PdfTemplateRecord | null> {
      const rows = await exec
        .select({ t: quoteTemplates, u: uploaderColumns })
        .from(quoteTemplates)
        .leftJoin(users, eq(users.id, quoteTemplates.userId))
        .where(
          and(
            eq(quoteTemplates.kind, 'pdf'),
            eq(quoteTemplates.isDefault, true),
            or(eq(quoteTemplates.templateType, type), isNull(quoteTemplates.templateType)),
          ),
        )
        .orderBy(sql`${quoteTemplates.templateType} is null`)
        .limit(1);
      const row = rows[0];
      return row ? toPdfTemplate(row.t, row.u?.id ? row.u : null) : null;
    },

    async findDefaultPdfForEveryType(exec: Executor = db): Promise<PdfTemplateRecord | null> {
      const [row] = await exec
        .select({ t: quoteTemplates, u: uploaderColumns })
        .from(quoteTemplates)
        .leftJoin(users, eq(users.id, quoteTemplates.userId))
        .where(
          and(eq(quoteTemplates.kind, 'pdf'), eq(quoteTemplates.isDefault, true), isNull(quoteTemplates.templateType)),
        )
        .limit(1);
      return row ? toPdfTemplate(row.t, row.u?.id ? row.u : null) : null;
    },

    async hasDefault(kind: 'pdf' | 'email', type: TemplateQuoteType | null, exec: Executor = db): Promise<boolean> {
      const [row] = await exec
        .select({ id: quoteTemplates.id })
        .from(quoteTemplates)
        .where(and(eq(quoteTemplates.kind, kind), eq(quoteTemplates.isDefault, true), sameType(type)))
        .limit(1);
      return Boolean(row);
    },

    /** Serialises default changes of one kind (two "Use Template" clicks at once end with one default). */
    async lockDefaults(kind: 'pdf' | 'email', exec: Executor): Promise<void> {
      await exec.execute(sql`select pg_advisory_xact_lock(hashtext(${`quote_templates_default:${kind}`}))`);
    },

    async insertPdf(
      values: {
        name: string;
        templateType: TemplateQuoteType | null;
        isDefault: boolean;
        fileName: string;
        storageKey: string;
        fileSize: number;
        pageCount: number;
        preservedPages: number[];
        userId: string | null;
      },
      exec: Executor = db,
    ): Promise<string> {
      const [row] = await exec
        .insert(quoteTemplates)
        .values({ kind: 'pdf', ...values })
        .returning({ id: quoteTemplates.id });
      return row!.id;
    },

    clearDefaults,

    /** Makes one template the only default of its kind and type. */
    async setDefault(kind: 'pdf' | 'email', id: string, type: TemplateQuoteType | null, exec: Executor): Promise<void> {
      await clearDefaults(kind, type, exec, id);
      await exec.update(quoteTemplates).set({ isDefault: true }).where(eq(quoteTemplates.id, id));
    },

    async clearDefault(id: string, exec: Executor): Promise<void> {
      await exec.update(quoteTemplates).set({ isDefault: false }).where(eq(quoteTemplates.id, id));
    },

    async delete(id: string, exec: Executor): Promise<void> {
      await exec.delete(quoteTemplates).where(eq(quoteTemplates.id, id));
    },

    // E-mail templates

    async listEmail(type: TemplateQuoteType, exec: Executor = db): Promise<EmailTemplate[]> {
      const rows = await exec
        .select()
        .from(quoteTemplates)
        .where(and(eq(quoteTemplates.kind, 'email'), eq(quoteTemplates.templateType, type)))
        .orderBy(desc(quoteTemplates.isDefault), asc(sql`lower(${quoteTemplates.name})`))
        .limit(500);
      return rows.map(toEmailTemplate);
    },

    async getEmail(id: string, exec: Executor = db): Promise<EmailTemplate | null> {
      const [row] = await exec
        .select()
        .from(quoteTemplates)
        .where(and(eq(quoteTemplates.id, id), eq(quoteTemplates.kind, 'email')));
      return row ? toEmailTemplate(row) : null;
    },

    async findDefaultEmail(type: TemplateQuoteType, exec: Executor = db): Promise<EmailTemplate | null> {
      const [row] = await exec
        .select()
        .from(quoteTemplates)
        .where(
          and(
            eq(quoteTemplates.kind, 'email'),
            eq(quoteTemplates.isDefault, true),
            eq(quoteTemplates.templateType, type),
          ),
        )
        .limit(1);
      return row ? toEmailTemplate(row) : null;
    },

    async insertEmail(
      input: EmailTemplateInput,
      isDefault: boolean,
      userId: string | null,
      exec: Executor,
    ): Promise<string> {
      const { name, templateType, ...content } = input;
      const [row] = await exec
        .insert(quoteTemplates)
        .values({ kind: 'email', name, templateType, isDefault, emailContent: content, userId })
        .returning({ id: quoteTemplates.id });
      return row!.id;
    },

    async updateEmail(id: string, input: EmailTemplateInput, exec: Executor): Promise<void> {
      const { name, templateType, ...content } = input;
      await exec
        .update(quoteTemplates)
        .set({ name, templateType, emailContent: content })
        .where(eq(quoteTemplates.id, id));
    },
  };
}
export type QuoteTemplatesRepo = ReturnType<typeof createQuoteTemplatesRepo>;

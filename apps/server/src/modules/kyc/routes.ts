import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq, ne } from 'drizzle-orm';
import {
  KYC_IMAGE_FIELDS, KYC_OPTION_FIELDS, MSG, checkKycImage, kycActionBody, kycListBody, kycNoteSchema, validateKycDetails,
  type KycOptionType, type KycRecord, type KycStatus,
} from '@pitboss/contract';
import { files, kycRecords, players } from '../../db/schema.js';
import { HttpError, badRequest, conflict, forbidden, notFound, ok } from '../../lib/http.js';
import { currentUser } from '../../lib/context.js';
import { assertInScope, resolveScope } from '../../lib/scope.js';
import { inScope, pageOf } from '../../lib/query.js';
import { audit } from '../../lib/audit.js';
import { isUuid } from '../players/repo.js';

type Row = { k: typeof kycRecords.$inferSelect; playerCode: string; username: string | null; email: string | null; isTest: boolean };

const toRecord = (x: Row): KycRecord => ({
  kycId: x.k.id, level: x.k.level, optionType: x.k.optionType, playerCode: x.playerCode, playerId: x.k.playerId, opId: x.k.opId,
  isTest: x.isTest, kycStatus: x.k.status as KycStatus, data: x.k.data, noteForPlayer: x.k.noteForPlayer,
  createdAt: x.k.createdAt.toISOString(), updatedAt: x.k.updatedAt.toISOString(),
  rejectedAt: x.k.rejectedAt?.toISOString() ?? null, rejectedBy: x.k.rejectedBy,
  approvedAt: x.k.approvedAt?.toISOString() ?? null, approvedBy: x.k.approvedBy,
  player: { playerCode: x.playerCode, username: x.username, email: x.email },
});

const selection = { k: kycRecords, playerCode: players.playerCode, username: players.username, email: players.email, isTest: players.isTest };

export async function kycRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  const loadVisible = async (req: FastifyRequest, kycId: string | undefined): Promise<Row> => {
    if (!kycId || !isUuid(kycId)) throw notFound(MSG.KYC_NOT_FOUND);
    const [row] = await db.select(selection).from(kycRecords).innerJoin(players, eq(players.id, kycRecords.playerId)).where(eq(kycRecords.id, kycId)).limit(1);
    if (!row) throw notFound(MSG.KYC_NOT_FOUND);
    await assertInScope(db, currentUser(req), row.k.opId, MSG.KYC_NOT_FOUND);
    return row;
  };

  r.post('/api/kyc/list', { schema: { body: kycListBody, tags: ['kyc'] }, config: { permission: 'documentsV2' } }, async (req) => {
    const me = currentUser(req);
    const q = req.body;
    const scope = await resolveScope(db, me, q);
    const rows = await db.select(selection).from(kycRecords).innerJoin(players, eq(players.id, kycRecords.playerId))
      .where(and(
        inScope(kycRecords.opId, scope),
        q.status ? eq(kycRecords.status, q.status) : undefined,
        q.optionType ? eq(kycRecords.optionType, q.optionType) : undefined,
        q.playerCode ? eq(players.playerCode, q.playerCode) : undefined,
        q.isTest && q.isTest !== 'all' ? eq(players.isTest, q.isTest === 'true') : undefined,
      ))
      .orderBy(desc(kycRecords.createdAt), desc(kycRecords.id)).limit(q.limit + 1).offset((q.page - 1) * q.limit);
    return ok(pageOf(rows, q, toRecord));
  });

  r.post('/api/kyc/get', { schema: { body: z.object({ kycId: z.string() }), tags: ['kyc'] }, config: { permission: 'documentsV2' } }, async (req) =>
    ok(toRecord(await loadVisible(req, req.body.kycId))));

  /** PUT /api/players/kyc/v2: approve, reject, edit (JSON) or upload (multipart). */
  r.put('/api/players/kyc/v2', { schema: { tags: ['kyc'] }, config: { permission: 'documentsV2' } }, async (req) => {
    const me = currentUser(req);
    if (req.isMultipart()) return upload(req);
    const parsed = kycActionBody.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, [...new Set(parsed.error.issues.map((i) => i.message))], 'VALIDATION_ERROR');
    const body = parsed.data;
    const kycId = body.kycId ?? body.uuid;
    if (body.action === 'approve' || body.action === 'reject') {
      if (!me.permissionSet.has('approve_reject_kyc')) throw forbidden(MSG.NO_PERMISSION);
      const note = kycNoteSchema.safeParse(body.noteForPlayer ?? body.noteForThePlayer ?? '');
      if (!note.success) throw badRequest(note.error.issues[0]?.message ?? MSG.KYC_NOTE_REQUIRED);
      const row = await loadVisible(req, kycId);
      const target = body.action === 'approve' ? 'CONFIRMED' : 'REJECTED';
      const now = new Date();
      const updated = await db.transaction(async (tx) => {
        const upd = await tx.update(kycRecords).set(body.action === 'approve'
          ? { status: target, noteForPlayer: note.data, approvedAt: now, approvedBy: me.email, updatedAt: now }
          : { status: target, noteForPlayer: note.data, rejectedAt: now, rejectedBy: me.email, updatedAt: now })
          .where(and(eq(kycRecords.id, row.k.id), ne(kycRecords.status, target))).returning();
        if (!upd.length) return null;
        await audit(tx, req, {
          action: body.action === 'approve' ? 'KYC_APPROVE' : 'KYC_REJECT', targetType: 'kyc', targetId: row.k.id, opId: row.k.opId,
          before: { status: row.k.status, noteForPlayer: row.k.noteForPlayer }, after: { status: target, noteForPlayer: note.data },
        });
        return upd[0];
      });
      if (!updated) throw conflict(target === 'CONFIRMED' ? MSG.KYC_ALREADY_CONFIRMED : MSG.KYC_ALREADY_REJECTED);
      return ok(toRecord({ ...row, k: updated }), [body.action === 'approve' ? MSG.KYC_APPROVED : MSG.KYC_REJECTED]);
    }
    // edit
    if (!me.permissionSet.has('edit_kyc_data')) throw forbidden(MSG.NO_PERMISSION);
    const row = await loadVisible(req, kycId);
    const optionType = row.k.optionType as KycOptionType;
    const allowedFields = KYC_OPTION_FIELDS[optionType].filter((f) => !(KYC_IMAGE_FIELDS as readonly string[]).includes(f));
    const details = Object.fromEntries(allowedFields.map((f) => [f, body.details[f] ?? '']));
    const messages = validateKycDetails(optionType, details);
    if (messages.length) throw new HttpError(400, messages, 'VALIDATION_ERROR');
    const trimmed = Object.fromEntries(Object.entries(details).map(([k, v]) => [k, String(v).trim()]));
    const data = { ...row.k.data, ...trimmed };
    const updated = await db.transaction(async (tx) => {
      const [u] = await tx.update(kycRecords).set({ data, updatedAt: new Date() }).where(eq(kycRecords.id, row.k.id)).returning();
      await audit(tx, req, { action: 'KYC_EDIT', targetType: 'kyc', targetId: row.k.id, opId: row.k.opId, before: row.k.data, after: data });
      return u!;
    });
    return ok(toRecord({ ...row, k: updated }), [MSG.KYC_EDITED]);
  });

  async function upload(req: FastifyRequest) {
    const me = currentUser(req);
    if (!me.permissionSet.has('edit_kyc_data')) throw forbidden(MSG.NO_PERMISSION);
    const fields: Record<string, string> = {};
    let file: { name: string; mime: string; buf: Buffer; truncated: boolean } | null = null;
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const buf = await part.toBuffer().catch((e: { code?: string }) => {
          if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MSG.KYC_IMAGE_SIZE);
          throw e;
        });
        file = { name: part.filename, mime: part.mimetype, buf, truncated: part.file.truncated };
      } else fields[part.fieldname] = String(part.value);
    }
    if (!file) throw badRequest(MSG.KYC_IMAGE_TYPE);
    const problem = checkKycImage(file.name, file.truncated ? Number.MAX_SAFE_INTEGER : file.buf.length);
    if (problem) throw badRequest(problem);
    if (!/^image\/(jpeg|png)$/.test(file.mime)) throw badRequest(MSG.KYC_IMAGE_TYPE);
    const field = fields.field ?? fields.key;
    const row = await loadVisible(req, fields.kycId);
    const optionType = row.k.optionType as KycOptionType;
    if (!field || !(KYC_OPTION_FIELDS[optionType] as readonly string[]).includes(field) || !(KYC_IMAGE_FIELDS as readonly string[]).includes(field)) {
      throw badRequest(MSG.invalidField(field ?? 'field'));
    }
    const updated = await db.transaction(async (tx) => {
      const [f] = await tx.insert(files).values({ opId: row.k.opId, name: file.name, mime: file.mime, size: file.buf.length, contentBase64: file.buf.toString('base64'), uploadedBy: me.id }).returning({ id: files.id });
      const url = `/api/files/${f!.id}`;
      const data = { ...row.k.data, [field]: url };
      const [u] = await tx.update(kycRecords).set({ data, updatedAt: new Date() }).where(eq(kycRecords.id, row.k.id)).returning();
      await audit(tx, req, { action: 'KYC_IMAGE_UPLOAD', targetType: 'kyc', targetId: row.k.id, opId: row.k.opId, before: { [field]: row.k.data[field] ?? null }, after: { [field]: url } });
      return u!;
    });
    return ok(toRecord({ ...row, k: updated }), [MSG.KYC_IMAGE_UPDATED]);
  }

  r.get('/api/files/:id', { schema: { params: z.object({ id: z.string() }) }, config: { permission: '' } }, async (req, reply) => {
    if (!isUuid(req.params.id)) throw notFound(MSG.NOT_FOUND);
    const [f] = await db.select().from(files).where(eq(files.id, req.params.id)).limit(1);
    if (!f) throw notFound(MSG.NOT_FOUND);
    if (f.opId) await assertInScope(db, currentUser(req), f.opId);
    return reply.header('content-type', f.mime).header('cache-control', 'private, max-age=3600').send(Buffer.from(f.contentBase64, 'base64'));
  });
}

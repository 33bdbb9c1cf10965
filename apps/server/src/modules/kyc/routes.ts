import { and, eq, gt, ne, sql } from 'drizzle-orm';
import {
  ENDPOINTS, KYC_IMAGE_FIELDS, KYC_IMAGE_MIME, KYC_OPTION_FIELDS, MAX_INPUT_STRING, MSG, checkKycImage, fillPath, invalidKycField, kycActionBody, kycImageKind,
  kycNoteSchema, validateKycDetails, type KycOptionType, type KycRecord, type KycStatus,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { files, kycRecords, players, recordClaims, users } from '../../db/schema.js';
import { HttpError, badRequest, conflict, notFound, ok } from '../../lib/http.js';
import { junkGuard, type Ctx, type Handlers } from '../../platform/endpoints.js';
import { claimOrRelease } from '../../platform/claims.js';
import { list, match } from '../../platform/list.js';

type Kyc = typeof kycRecords.$inferSelect;
type Row = { k: Kyc; playerCode: string; username: string | null; email: string | null; isTest: boolean };

const toRecord = (x: Row): KycRecord => ({
  kycId: x.k.id, level: x.k.level, optionType: x.k.optionType, playerCode: x.playerCode, playerId: x.k.playerId, opId: x.k.opId,
  isTest: x.isTest, kycStatus: x.k.status as KycStatus, data: x.k.data, noteForPlayer: x.k.noteForPlayer,
  createdAt: x.k.createdAt.toISOString(), updatedAt: x.k.updatedAt.toISOString(),
  rejectedAt: x.k.rejectedAt?.toISOString() ?? null, rejectedBy: x.k.rejectedBy,
  approvedAt: x.k.approvedAt?.toISOString() ?? null, approvedBy: x.k.approvedBy,
  player: { playerCode: x.playerCode, username: x.username, email: x.email },
});

const playerFields = { playerCode: players.playerCode, username: players.username, email: players.email, isTest: players.isTest };
const selection = { k: kycRecords, ...playerFields };

/** A KYC record (already within the caller's operators) with the player columns it answers. */
async function withPlayer(db: Db, k: Kyc): Promise<Row> {
  const [p] = await db.select(playerFields).from(players).where(eq(players.id, k.playerId)).limit(1);
  if (!p) throw notFound(MSG.KYC_NOT_FOUND);
  return { k, ...p };
}

type UpdateCtx = Ctx<'kyc.update'>;

/** The document a KYC action names (`kycId`, or the spec's `uuid`), within the caller's operators, else 404. */
async function loadKyc({ db, repo }: UpdateCtx, kycId: string | undefined): Promise<Row> {
  return withPlayer(db, await repo.get('kyc', kycId, 'kycId'));
}

/** The longest file name an upload may carry. */
const FILE_NAME_MAX = 255;

/**
 * The name a stored image is served under: the uploaded name reduced to ASCII letters, digits,
 * dots, dashes and underscores (no quotes, separators or control characters can reach the
 * header), with the extension of what the bytes really are.
 */
export function safeFileName(name: string, kind: 'png' | 'jpeg'): string {
  const base = name.replace(/\.[^.]*$/, '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+/g, '_').replace(/^[._]+|[._]+$/g, '').slice(0, 64);
  return `${base || 'image'}.${kind === 'png' ? 'png' : 'jpg'}`;
}

/**
 * Multipart upload of one image field of a document: stored as a file linked to the document,
 * its URL written into the document. The bytes must really be a PNG or JPEG (their signature),
 * whatever the name and declared type say; the stored type is the one the bytes show.
 */
async function upload(ctx: UpdateCtx) {
  const { db, req, user, audit } = ctx;
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
  // The endpoint layer's junk guard reads JSON bodies; a multipart form's fields and file name get the same.
  const junk = junkGuard(fields, MAX_INPUT_STRING) ?? (file ? junkGuard(file.name, FILE_NAME_MAX) : null);
  if (junk) throw new HttpError(400, [junk], 'VALIDATION_ERROR');
  if (!file) throw badRequest(MSG.KYC_IMAGE_TYPE);
  const problem = checkKycImage(file.name, file.truncated ? Number.MAX_SAFE_INTEGER : file.buf.length);
  if (problem) throw badRequest(problem);
  if (!/^image\/(jpeg|png)$/.test(file.mime)) throw badRequest(MSG.KYC_IMAGE_TYPE);
  const kind = kycImageKind(file.buf);
  if (!kind) throw badRequest(MSG.KYC_IMAGE_CONTENT);
  const field = fields.field ?? fields.key;
  const row = await loadKyc(ctx, fields.kycId);
  const optionType = row.k.optionType as KycOptionType;
  if (!field || !(KYC_OPTION_FIELDS[optionType] as readonly string[]).includes(field) || !(KYC_IMAGE_FIELDS as readonly string[]).includes(field)) {
    throw badRequest(invalidKycField(field ?? 'field'));
  }
  const updated = await db.transaction(async (tx) => {
    const [f] = await tx.insert(files).values({
      opId: row.k.opId, kycId: row.k.id, name: file.name, mime: KYC_IMAGE_MIME[kind], size: file.buf.length,
      contentBase64: file.buf.toString('base64'), uploadedBy: user.id,
    }).returning({ id: files.id });
    const url = fillPath(ENDPOINTS['kyc.file'].path, { id: f!.id });
    const data = { ...row.k.data, [field]: url };
    const [u] = await tx.update(kycRecords).set({ data, updatedAt: new Date() }).where(eq(kycRecords.id, row.k.id)).returning();
    await audit(tx, { action: 'KYC_IMAGE_UPLOAD', targetType: 'kyc', targetId: row.k.id, opId: row.k.opId, before: { [field]: row.k.data[field] ?? null }, after: { [field]: url } });
    return u!;
  });
  return ok(toRecord({ ...row, k: updated }), [MSG.KYC_IMAGE_UPDATED]);
}

export const kycHandlers: Handlers<'kyc.list' | 'kyc.get' | 'kyc.update' | 'kyc.file' | 'kyc.claim'> = {
  /** Claim (or renew) or release a document being decided (platform/claims.ts); approve and reject refuse others while it is held. */
  'kyc.claim': async ({ db, body, found, user, audit }) => {
    const { state, messages } = await claimOrRelease(db, { kind: 'kyc', recordId: found.id, opId: found.opId, me: user, action: body.action }, audit, { claim: 'KYC_CLAIM', release: 'KYC_RELEASE' });
    return ok(state, messages);
  },

  /** KYC documents, newest first, each with who holds it ("Claimed by": a live claim's holder by name). */
  'kyc.list': async (ctx) => ok(await list(ctx, {
    rows: (select) => select({
      ...selection,
      holderName: sql<string | null>`coalesce(nullif(${users.nickname}, ''), ${recordClaims.claimedBy})`,
      holderMine: sql<boolean | null>`${recordClaims.claimedById} = ${ctx.user.id}::uuid`,
      holderUntil: recordClaims.claimedUntil,
    }).from(kycRecords).innerJoin(players, eq(players.id, kycRecords.playerId))
      .leftJoin(recordClaims, and(eq(recordClaims.kind, 'kyc'), eq(recordClaims.recordId, sql`${kycRecords.id}::text`), gt(recordClaims.claimedUntil, new Date())))
      .leftJoin(users, eq(users.id, recordClaims.claimedById)),
    scope: kycRecords.opId,
    filters: {
      status: match.eq(kycRecords.status), optionType: match.eq(kycRecords.optionType),
      playerCode: match.eq(players.playerCode), isTest: match.isTest(players.isTest),
    },
    sort: { keys: { createdAt: kycRecords.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: kycRecords.id, perOperator: ['createdAt'] },
    map: (r) => {
      const x = r as Row & { holderName: string | null; holderMine: boolean | null; holderUntil: Date | null };
      return { ...toRecord(x), holder: x.holderName && x.holderUntil ? { name: x.holderName, mine: x.holderMine === true, until: x.holderUntil.toISOString() } : null };
    },
  })),

  'kyc.get': async ({ db, found }) => ok(toRecord(await withPlayer(db, found))),

  /**
   * PUT /api/players/kyc/v2: approve, reject, edit (JSON) or upload (multipart). The table's
   * access rule already asked for `approve_reject_kyc` (decisions) or `edit_kyc_data` (the rest).
   */
  'kyc.update': async (ctx) => {
    const { db, req, user, audit } = ctx;
    if (req.isMultipart()) return upload(ctx);
    const parsed = kycActionBody.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, [...new Set(parsed.error.issues.map((i) => i.message))], 'VALIDATION_ERROR');
    const body = parsed.data;
    const kycId = body.kycId ?? body.uuid;
    if (body.action === 'approve' || body.action === 'reject') {
      const note = kycNoteSchema.safeParse(body.noteForPlayer ?? body.noteForThePlayer ?? '');
      if (!note.success) throw badRequest(note.error.issues[0]?.message ?? MSG.KYC_NOTE_REQUIRED);
      const row = await loadKyc(ctx, kycId);
      const target = body.action === 'approve' ? 'CONFIRMED' : 'REJECTED';
      const now = new Date();
      return ctx.once(async (tx) => {
        // The document is taken for this decision in its transaction: held by another, 409 and nothing changes.
        await ctx.holdRecord(tx);
        const upd = await tx.update(kycRecords).set(body.action === 'approve'
          ? { status: target, noteForPlayer: note.data, approvedAt: now, approvedBy: user.email, updatedAt: now }
          : { status: target, noteForPlayer: note.data, rejectedAt: now, rejectedBy: user.email, updatedAt: now })
          .where(and(eq(kycRecords.id, row.k.id), ne(kycRecords.status, target))).returning();
        if (!upd.length) throw conflict(target === 'CONFIRMED' ? MSG.KYC_ALREADY_CONFIRMED : MSG.KYC_ALREADY_REJECTED);
        await audit(tx, {
          action: body.action === 'approve' ? 'KYC_APPROVE' : 'KYC_REJECT', targetType: 'kyc', targetId: row.k.id, opId: row.k.opId,
          before: { status: row.k.status, noteForPlayer: row.k.noteForPlayer }, after: { status: target, noteForPlayer: note.data },
        });
        return { body: ok(toRecord({ ...row, k: upd[0]! }), [body.action === 'approve' ? MSG.KYC_APPROVED : MSG.KYC_REJECTED]) };
      });
    }
    // edit
    const row = await loadKyc(ctx, kycId);
    const optionType = row.k.optionType as KycOptionType;
    const allowedFields = KYC_OPTION_FIELDS[optionType].filter((f) => !(KYC_IMAGE_FIELDS as readonly string[]).includes(f));
    const details = Object.fromEntries(allowedFields.map((f) => [f, body.details[f] ?? '']));
    const messages = validateKycDetails(optionType, details);
    if (messages.length) throw new HttpError(400, messages, 'VALIDATION_ERROR');
    const trimmed = Object.fromEntries(Object.entries(details).map(([k, v]) => [k, String(v).trim()]));
    const data = { ...row.k.data, ...trimmed };
    const updated = await db.transaction(async (tx) => {
      const [u] = await tx.update(kycRecords).set({ data, updatedAt: new Date() }).where(eq(kycRecords.id, row.k.id)).returning();
      await audit(tx, { action: 'KYC_EDIT', targetType: 'kyc', targetId: row.k.id, opId: row.k.opId, before: row.k.data, after: data });
      return u!;
    });
    return ok(toRecord({ ...row, k: updated }), [MSG.KYC_EDITED]);
  },

  /**
   * A stored image, to staff who may open its document: the platform loaded the file within the
   * caller's operators (and the table asked for the documents page); its document must be one
   * the caller can open too (a file of no document, or of another operator's, is not found).
   * Served as the type its bytes are, never sniffed, inline under a safe name.
   */
  'kyc.file': async ({ reply, repo, found: f }) => {
    if (!f.kycId || !(await repo.find('kyc', f.kycId))) throw notFound(MSG.NOT_FOUND);
    const bytes = Buffer.from(f.contentBase64, 'base64');
    const kind = kycImageKind(bytes);
    if (!kind) throw notFound(MSG.NOT_FOUND);
    reply.header('content-type', KYC_IMAGE_MIME[kind])
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${safeFileName(f.name, kind)}"`)
      .header('cache-control', 'private, max-age=3600')
      .send(bytes);
  },
};

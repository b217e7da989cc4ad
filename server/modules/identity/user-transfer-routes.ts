// /api/identity/users: import and export (spec 7.13, ABP Identity Pro 7.2). Rules:
// - GET download-token (AbpIdentity.Users) answers a signed token of 3 minutes (download-token.ts);
//   the file downloads are anonymous routes, as ABP's are, because a browser navigation carries no
//   bearer token: the token is the credential, and its user must still hold AbpIdentity.Users.Export
//   (exports) or AbpIdentity.Users.Import (sample file, invalid rows); a bad, expired or foreign
//   token is a 403;
// - an export holds exactly the users the list would show for the same filters, in the list's
//   order, all pages, in the token's tenant, written by the exports of every list (one query, so one
//   consistent snapshot; list-exports.ts userListExport), always as the whole file whatever its
//   size, as ABP answers these calls; every text cell is formula-injection safe (CSV and XLSX alike);
// - import-users-from-file (AbpIdentity.Users.Import) takes the file as the raw body
//   (application/octet-stream, text/csv or the xlsx type) or as multipart/form-data with a `file`
//   field (what ABP's Angular client sends), at most 16 MiB; user-import.ts holds the row rules;
// - the invalid-users file answers in the uploaded format with an ErrorReason column.
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { Type } from 'typebox';
import {
  DownloadTokenResultDto,
  FileResponse,
  GetIdentityUserListAsFileInput,
  GetImportInvalidUsersFileInput,
  GetImportUsersSampleFileInput,
  ImportUsersFromFileOutput,
  ImportUsersFromFileQuery,
  ImportUsersFromFileType,
} from '../../../contract/identity-users.ts';
import type { AppContext } from '../../context.ts';
import { type InvalidImportedUser, userImportFailures } from '../../db/schema/index.ts';
import { type AppError, unauthenticated } from '../../errors.ts';
import type { CellValue } from '../export/cells.ts';
import type { ExportFormat } from '../export/definition.ts';
import { createSheetWriter, type FileColumn, xlsxContentType } from '../export/xlsx.ts';
import { listExportsOf } from '../../jobs/list-export.ts';
import { writeCsv } from '../shared/csv.ts';
import { sameTenant, tenantIdOf } from '../shared/tenancy.ts';
import { invalidDownloadToken, issueDownloadToken, redeemDownloadToken } from './download-token.ts';
import {
  errorReasonColumn,
  importColumns,
  importUsers,
  invalidImportFileFormat,
  openFailedRows,
  readImportFile,
  storeFailedRows,
} from './user-import.ts';
import { userListExport } from './list-exports.ts';
import { callerOf } from './user-routes.ts';

const base = '/api/identity/users';
const tags = ['Identity'];
const anonymous = { auth: { anonymous: true as const } };
export const xlsxType = xlsxContentType;
export const maxImportFileBytes = 16 * 1024 * 1024;
type Columns = FileColumn[];

/** An xlsx workbook of the rows, built in memory (the sample file and the invalid rows: small sets). */
export async function xlsxOf(columns: Columns, sheetName: string, rows: Iterable<Record<string, CellValue>>): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const writer = createSheetWriter(stream, sheetName, columns);
  let n = 0;
  for (const row of rows) {
    writer.addRow(row);
    if (++n % 1000 === 0) await writer.drain();
  }
  await writer.finish();
  await ended;
  return Buffer.concat(chunks);
}

function sendFile(reply: FastifyReply, fileType: ImportUsersFromFileType, name: string, content: Buffer) {
  const csv = fileType === ImportUsersFromFileType.Csv;
  return reply
    .type(csv ? 'text/csv; charset=utf-8' : xlsxType)
    .header('content-disposition', `attachment; filename="${name}.${csv ? 'csv' : 'xlsx'}"`)
    .header('cache-control', 'no-store')
    .send(content);
}

const fileOf = async (fileType: ImportUsersFromFileType, columns: Columns, sheet: string, rows: Array<Record<string, CellValue>>) =>
  fileType === ImportUsersFromFileType.Csv ? writeCsv(columns, rows) : xlsxOf(columns, sheet, rows);

/** The bytes of the multipart body's file part (ABP's clients name it `file`); a larger file is refused with 413. */
async function multipartFile(request: FastifyRequest): Promise<Buffer | null> {
  const part = await request.file();
  return part ? part.toBuffer() : null;
}

export async function userTransferRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // The import's body is a file: raw bytes of these types, or multipart/form-data with a `file` part
  // (as ABP's clients send it), parsed by @fastify/multipart, one file of at most the same size.
  app.addContentTypeParser(
    /^(application\/octet-stream|text\/csv|application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)(;.*)?$/i,
    { parseAs: 'buffer', bodyLimit: maxImportFileBytes },
    (_request, body, done) => done(null, body),
  );
  await app.register(multipart, { limits: { fileSize: maxImportFileBytes, files: 1, fields: 10, parts: 12 } });

  app.get(
    `${base}/download-token`,
    { schema: { tags, response: { 200: DownloadTokenResultDto } }, config: { auth: { permission: 'AbpIdentity.Users' } } },
    (request) => {
      if (!request.currentUser) throw unauthenticated();
      return { token: issueDownloadToken(ctx, { purpose: 'download', userId: request.currentUser.id, tenantId: tenantIdOf(request) }) };
    },
  );

  /** The users the list shows for the query's filters, as a whole file (the token is the credential). */
  async function exportFile(query: GetIdentityUserListAsFileInput, format: ExportFormat, culture: string) {
    const { token, ...filter } = query;
    const grant = await redeemDownloadToken(ctx, token, 'download', 'AbpIdentity.Users.Export');
    return listExportsOf(ctx).file(userListExport, grant.tenantId, filter, { format, culture });
  }

  app.get(
    `${base}/export-as-excel`,
    { schema: { tags, querystring: GetIdentityUserListAsFileInput, response: { 200: FileResponse } }, config: anonymous },
    async (request, reply) =>
      sendFile(reply, ImportUsersFromFileType.Excel, 'UserList', (await exportFile(request.query, 'xlsx', request.culture)).bytes),
  );

  app.get(
    `${base}/export-as-csv`,
    { schema: { tags, querystring: GetIdentityUserListAsFileInput, response: { 200: FileResponse } }, config: anonymous },
    async (request, reply) =>
      sendFile(reply, ImportUsersFromFileType.Csv, 'UserList', (await exportFile(request.query, 'csv', request.culture)).bytes),
  );

  app.get(
    `${base}/import-users-sample-file`,
    { schema: { tags, querystring: GetImportUsersSampleFileInput, response: { 200: FileResponse } }, config: anonymous },
    async (request, reply) => {
      await redeemDownloadToken(ctx, request.query.token, 'download', 'AbpIdentity.Users.Import');
      const samples = [
        {
          userName: 'jane.doe',
          emailAddress: 'jane.doe@example.com',
          name: 'Jane',
          surname: 'Doe',
          phoneNumber: '+15550100',
          password: '1q2w3E*',
          assignedRoleNames: '',
        },
        {
          userName: 'john.roe',
          emailAddress: 'john.roe@example.com',
          name: 'John',
          surname: 'Roe',
          phoneNumber: '',
          password: '1q2w3E*',
          assignedRoleNames: 'admin',
        },
      ];
      const fileType = request.query.fileType as ImportUsersFromFileType;
      return sendFile(reply, fileType, 'ImportUsersSampleFile', await fileOf(fileType, importColumns, 'Users', samples));
    },
  );

  app.post(
    `${base}/import-users-from-file`,
    {
      // The body is the file's bytes (raw or multipart); it is checked in the handler.
      schema: { tags, querystring: ImportUsersFromFileQuery, body: Type.Unsafe<unknown>({}), response: { 200: ImportUsersFromFileOutput } },
      config: { auth: { permission: 'AbpIdentity.Users.Import' } },
    },
    async (request) => {
      const fileType = request.query.fileType as ImportUsersFromFileType;
      const file = request.isMultipart() ? await multipartFile(request) : Buffer.isBuffer(request.body) ? request.body : null;
      if (!file?.length) throw invalidImportFileFormat();
      const rows = readImportFile(file, fileType);
      const caller = callerOf(request);
      const manageRoles = await ctx.permissions.isGranted(request.currentUser, caller.tenantId, 'AbpIdentity.Users.Update.ManageRoles');
      const reasonOf = (error: AppError) =>
        error.validationErrors?.length ? error.validationErrors.map((v) => request.t(v.message)).join(' ') : request.t(error.text);
      const result = await importUsers(ctx, caller, rows, { manageRoles }, reasonOf);
      // The failed rows' download is the signed-in user's; a client (ADR 0023) gets the counts only.
      const token =
        result.failed.length && request.currentUser
          ? await storeFailedRows(ctx, { tenantId: caller.tenantId, userId: request.currentUser.id }, fileType, result.failed)
          : null;
      return {
        allCount: result.allCount,
        succeededCount: result.succeededCount,
        failedCount: result.failed.length,
        invalidUsersDownloadToken: token,
        isAllSucceeded: result.failed.length === 0,
        fileType,
      };
    },
  );

  app.get(
    `${base}/download-import-invalid-users-file`,
    { schema: { tags, querystring: GetImportInvalidUsersFileInput, response: { 200: FileResponse } }, config: anonymous },
    async (request, reply) => {
      const grant = await redeemDownloadToken(ctx, request.query.token, 'invalid-users', 'AbpIdentity.Users.Import');
      const [stored] = await ctx.db
        .select()
        .from(userImportFailures)
        .where(
          and(
            eq(userImportFailures.id, grant.rowId ?? '00000000-0000-0000-0000-000000000000'),
            eq(userImportFailures.userId, grant.user.id),
            sameTenant(userImportFailures.tenantId, grant.tenantId),
          ),
        )
        .limit(1);
      if (!stored || stored.expiresAt <= new Date()) throw invalidDownloadToken();
      const fileType = stored.fileType as ImportUsersFromFileType;
      const rows = openFailedRows(ctx, stored.rows) as Array<InvalidImportedUser & Record<string, CellValue>>;
      return sendFile(reply, fileType, 'InvalidUsers', await fileOf(fileType, [...importColumns, errorReasonColumn], 'Users', rows));
    },
  );
}

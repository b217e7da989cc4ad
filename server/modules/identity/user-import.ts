// Import of users from an Excel or CSV file (ABP Identity Pro's import-users-from-file). Rules:
// - the first row names the columns (ABP's ImportUsersFromFileDto: UserName, EmailAddress, Name,
//   Surname, PhoneNumber, Password, AssignedRoleNames with names separated by ';'), matched without
//   case, spaces or underscores; a file without a UserName column, or unreadable, is ABP's
//   010014 InvalidImportFileFormat; one without data rows is 010013 NoUserFoundInFile;
// - each row is created by createUser, exactly as POST /users would (user name rules, password
//   policy, unique user name and e-mail, role names, default roles), in its own transaction: a bad
//   row leaves nothing behind and does not stop the others;
// - rows are handled a few at a time so password hashing uses the thread pool while the database
//   writes one row after another; the report is in file order;
// - the failed rows, with their reason in the caller's language, are kept in user_import_failures
//   for 30 minutes behind a signed token; their passwords are sealed there (AES-256-GCM), never
//   stored as typed.
import * as XLSX from '@e965/xlsx';
import { lt } from 'drizzle-orm';
import { ImportUsersFromFileType } from '../../../contract/identity-users.ts';
import type { AppContext } from '../../context.ts';
import { type InvalidImportedUser, userImportFailures } from '../../db/schema/index.ts';
import { AppError, businessError, invalidField } from '../../errors.ts';
import { parseCsv } from '../shared/csv.ts';
import { invalidUsersLifetimeMs, issueDownloadToken } from './download-token.ts';
import { type Caller, createUser, type RoleRights } from './user-service.ts';

export type ImportedUser = Omit<InvalidImportedUser, 'errorReason'>;

export const importColumns: Array<{ key: keyof InvalidImportedUser; header: string; width: number }> = [
  { key: 'userName', header: 'UserName', width: 20 },
  { key: 'emailAddress', header: 'EmailAddress', width: 28 },
  { key: 'name', header: 'Name', width: 14 },
  { key: 'surname', header: 'Surname', width: 14 },
  { key: 'phoneNumber', header: 'PhoneNumber', width: 16 },
  { key: 'password', header: 'Password', width: 14 },
  { key: 'assignedRoleNames', header: 'AssignedRoleNames', width: 22 },
];
export const errorReasonColumn = { key: 'errorReason' as const, header: 'ErrorReason', width: 48 };

const aliases: Record<string, keyof ImportedUser> = {
  username: 'userName',
  emailaddress: 'emailAddress',
  email: 'emailAddress',
  name: 'name',
  firstname: 'name',
  surname: 'surname',
  lastname: 'surname',
  phonenumber: 'phoneNumber',
  phone: 'phoneNumber',
  password: 'password',
  assignedrolenames: 'assignedRoleNames',
  rolenames: 'assignedRoleNames',
  roles: 'assignedRoleNames',
};

/** At most this many data rows per file (10 MiB of CSV holds far fewer anyway). */
export const maxImportRows = 50_000;
const concurrency = 4;

export const invalidImportFileFormat = () => businessError('Volo.Abp.Identity:010014', 'AbpIdentity::Volo.Abp.Identity:010014');
export const noUserFoundInFile = () => businessError('Volo.Abp.Identity:010013', 'AbpIdentity::Volo.Abp.Identity:010013');

/** The records of the file, header first, every cell as text. */
function recordsOf(file: Buffer, fileType: ImportUsersFromFileType): string[][] {
  try {
    if (fileType === ImportUsersFromFileType.Csv) return parseCsv(file.toString('utf8'));
    const workbook = XLSX.read(file, { type: 'buffer', dense: true, cellFormula: false, cellHTML: false, cellStyles: false });
    const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
    if (!sheet) throw invalidImportFileFormat();
    return XLSX.utils
      .sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false })
      .map((row) => row.map((cell) => (cell == null ? '' : String(cell))));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidImportFileFormat();
  }
}

/** The rows of an import file as users to create (empty cells as ''); throws ABP's file errors. */
export function readImportFile(file: Buffer, fileType: ImportUsersFromFileType): ImportedUser[] {
  const [header, ...data] = recordsOf(file, fileType);
  const keys = (header ?? []).map((title) => aliases[title.toLowerCase().replace(/[\s_-]/g, '')]);
  if (!keys.includes('userName')) throw invalidImportFileFormat();
  const rows = data
    .filter((record) => record.some((cell) => cell.trim() !== ''))
    .map((record) => {
      const row: ImportedUser = {
        userName: '',
        emailAddress: '',
        name: '',
        surname: '',
        phoneNumber: '',
        password: '',
        assignedRoleNames: '',
      };
      keys.forEach((key, index) => {
        if (key) row[key] = (record[index] ?? '').trim();
      });
      return row;
    });
  if (!rows.length) throw noUserFoundInFile();
  if (rows.length > maxImportRows)
    throw businessError('Volo.Abp.Identity:TooManyImportRows', 'AbpIdentity::TooManyImportRows', maxImportRows);
  return rows;
}

/** Why a row failed, in the caller's language: the error's message, or its validation messages. */
export type Translate = (error: AppError) => string;

export interface ImportResult {
  allCount: number;
  succeededCount: number;
  failed: InvalidImportedUser[];
}

const emailPattern = /^[^\s@]+@[^\s@]+$/;

function lengthError(row: ImportedUser): AppError | null {
  const limits: Array<[keyof ImportedUser, string, number]> = [
    ['userName', 'UserName', 256],
    ['emailAddress', 'EmailAddress', 256],
    ['name', 'Name', 64],
    ['surname', 'Surname', 64],
    ['phoneNumber', 'PhoneNumber', 16],
    ['password', 'Password', 128],
  ];
  const required: Array<[keyof ImportedUser, string]> = [
    ['userName', 'UserName'],
    ['emailAddress', 'EmailAddress'],
    ['password', 'Password'],
  ];
  const invalid = (member: string, key: string, ...params: Array<string | number>) =>
    invalidField(member, `AbpValidation::${key}`, ...params);
  for (const [key, title] of required) if (!row[key]) return invalid(key, 'The {0} field is required.', title);
  for (const [key, title, max] of limits)
    if (row[key].length > max) return invalid(key, "The field {0} must be a string with a maximum length of '{1}'.", title, max);
  if (!emailPattern.test(row.emailAddress)) return invalid('emailAddress', 'The {0} field is not a valid e-mail address.', 'EmailAddress');
  return null;
}

/** Creates every row as POST /users would, each in its own transaction; failures carry a reason. */
export async function importUsers(
  ctx: AppContext,
  caller: Caller,
  rows: ImportedUser[],
  rights: RoleRights,
  reasonOf: Translate,
): Promise<ImportResult> {
  const outcomes: Array<string | null> = new Array(rows.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const index = next++;
      const row = rows[index]!;
      try {
        const invalid = lengthError(row);
        if (invalid) throw invalid;
        const roleNames = row.assignedRoleNames
          .split(/[;,]/)
          .map((name) => name.trim())
          .filter(Boolean);
        await createUser(
          ctx,
          caller,
          {
            userName: row.userName,
            email: row.emailAddress,
            name: row.name || null,
            surname: row.surname || null,
            phoneNumber: row.phoneNumber || null,
            password: row.password,
            // An empty cell gives the default roles, as an absent roleNames does on POST /users.
            ...(roleNames.length ? { roleNames } : {}),
          },
          rights,
        );
      } catch (error) {
        if (!(error instanceof AppError)) {
          ctx.log.error({ err: error }, 'import of a user row failed');
          outcomes[index] = reasonOf(new AppError({ status: 500, text: { key: 'AbpExceptionHandling::InternalServerErrorMessage' } }));
        } else outcomes[index] = reasonOf(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
  const failed = rows.flatMap((row, index) => (outcomes[index] === null ? [] : [{ ...row, errorReason: outcomes[index]! }]));
  return { allCount: rows.length, succeededCount: rows.length - failed.length, failed };
}

/** Keeps the failed rows for the invalid-users download and answers the token that names them. */
export async function storeFailedRows(
  ctx: AppContext,
  caller: Caller & { userId: string },
  fileType: ImportUsersFromFileType,
  failed: InvalidImportedUser[],
): Promise<string> {
  const now = Date.now();
  // Expired rows go with the next import: no job needed for a table this small.
  await ctx.db.delete(userImportFailures).where(lt(userImportFailures.expiresAt, new Date(now)));
  const [row] = await ctx.db
    .insert(userImportFailures)
    .values({
      tenantId: caller.tenantId,
      userId: caller.userId,
      fileType,
      rows: failed.map((r) => ({ ...r, password: r.password ? ctx.secrets.seal(r.password) : '' })),
      expiresAt: new Date(now + invalidUsersLifetimeMs),
    })
    .returning({ id: userImportFailures.id });
  return issueDownloadToken(ctx, {
    purpose: 'invalid-users',
    userId: caller.userId,
    tenantId: caller.tenantId,
    rowId: row!.id,
    lifetimeMs: invalidUsersLifetimeMs,
    now,
  });
}

/** The stored failed rows with their passwords opened again. */
export function openFailedRows(ctx: AppContext, rows: InvalidImportedUser[]): InvalidImportedUser[] {
  return rows.map((r) => {
    let password = '';
    try {
      password = r.password ? ctx.secrets.open(r.password) : '';
    } catch {
      password = '';
    }
    return { ...r, password };
  });
}

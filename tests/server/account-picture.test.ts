// Profile pictures through the real server and database: raw image bytes checked by magic number
// (PNG, JPEG, GIF, WebP; the Content-Type header is not trusted), the 1 MiB limit, the
// ProfilePictureSourceDto for Image, Gravatar and None, the binary file with its content type, 404
// without an image, and the tenant scope.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { expectError, request, strongPassword, tenantIdOf } from './identity-helpers.ts';

let server: TestServer;
let acmeId: string;

beforeAll(async () => {
  server = await startTestServer();
  acmeId = await tenantIdOf(server, 'acme');
});
afterAll(async () => {
  await server?.stop();
});

// A real 1x1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(30, 0)]);
const webp = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([40, 0, 0, 0]),
  Buffer.from('WEBPVP8 ', 'latin1'),
  Buffer.alloc(28, 0),
]);

async function me(userName: string, tenant?: { id: string; name: string }) {
  const id = await createUser(server, { userName, password: strongPassword, tenantId: tenant?.id ?? null });
  const { access_token: token } = await passwordToken(server, { userName, password: strongPassword, tenant: tenant?.name });
  return { id, token };
}

const upload = (token: string, type: number, body?: Buffer, contentType = 'image/png', headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/account/profile-picture?type=${type}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...(body ? { 'content-type': contentType } : {}), ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });

const errorOf = async (response: Response) => {
  expect(response.headers.get('_abperrorformat')).toBe('true');
  return ((await response.json()) as { error: { message: string; validationErrors: Array<{ message: string; members: string[] }> | null } })
    .error;
};

describe('profile picture', () => {
  it('stores an image checked by its bytes and answers it as base64 and as a file', async () => {
    const { id, token } = await me('pic.image');
    const uploaded = await upload(token, 2, png);
    expect(uploaded.status, await uploaded.clone().text()).toBe(204);
    const source = await request<{ type: number; source: string | null; fileContent: string | null }>(
      server,
      token,
      'GET',
      `/api/account/profile-picture/${id}`,
    );
    expect(source.body).toEqual({ type: 2, source: null, fileContent: png.toString('base64') });
    const file = await fetch(`${server.url}/api/account/profile-picture-file/${id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
  });

  it('decides the type by magic bytes: JPEG, GIF and WebP under any image header', async () => {
    const { id, token } = await me('pic.kinds');
    for (const [bytes, type] of [
      [jpeg, 'image/jpeg'],
      [gif, 'image/gif'],
      [webp, 'image/webp'],
    ] as const) {
      expect((await upload(token, 2, bytes, 'image/png')).status).toBe(204);
      const file = await fetch(`${server.url}/api/account/profile-picture-file/${id}`);
      expect(file.headers.get('content-type')).toBe(type);
    }
  });

  it('refuses what is not an image with a localized 400, and keeps the stored picture', async () => {
    const { id, token } = await me('pic.bad');
    await upload(token, 2, png);
    const html = await upload(token, 2, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png', { 'accept-language': 'fr' });
    expect(html.status).toBe(400);
    const error = await errorOf(html);
    expect(error.validationErrors![0]!.members).toEqual(['imageContent']);
    expect(error.validationErrors![0]!.message).toContain("Le fichier n'est pas une image prise en charge");
    const empty = await upload(token, 2);
    expect(empty.status).toBe(400);
    const json = await request(server, token, 'POST', '/api/account/profile-picture?type=2', { imageContent: png.toString('base64') });
    expectError(json, 400);
    const unknownType = await upload(token, 7, png);
    expect(unknownType.status).toBe(400);
    const file = await fetch(`${server.url}/api/account/profile-picture-file/${id}`);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
  });

  it('answers 413 past 1 MiB', async () => {
    const { token } = await me('pic.big');
    const big = Buffer.concat([png, Buffer.alloc(1024 * 1024, 0)]);
    const response = await upload(token, 2, big);
    expect(response.status).toBe(413);
    await errorOf(response);
  });

  it('Gravatar answers the URL of the e-mail hash and no file; None answers nothing', async () => {
    const { id, token } = await me('pic.gravatar');
    await upload(token, 2, png);
    expect((await upload(token, 1)).status).toBe(204);
    const hash = createHash('md5').update('pic.gravatar@example.test').digest('hex');
    const source = await request<{ type: number; source: string }>(server, token, 'GET', `/api/account/profile-picture/${id}`);
    expect(source.body).toEqual({ type: 1, source: `https://www.gravatar.com/avatar/${hash}?d=mp`, fileContent: null });
    expect((await fetch(`${server.url}/api/account/profile-picture-file/${id}`)).status).toBe(404);
    expect((await upload(token, 0)).status).toBe(204);
    expect((await request(server, token, 'GET', `/api/account/profile-picture/${id}`)).body).toEqual({
      type: 0,
      source: null,
      fileContent: null,
    });
    // A user who never chose one has None too.
    const { id: freshId } = await me('pic.fresh');
    expect((await request(server, token, 'GET', `/api/account/profile-picture/${freshId}`)).body).toEqual({
      type: 0,
      source: null,
      fileContent: null,
    });
    expect((await fetch(`${server.url}/api/account/profile-picture-file/${freshId}`)).status).toBe(404);
  });

  it('is read within the tenant only', async () => {
    const acme = await me('pic.acme', { id: acmeId, name: 'acme' });
    await upload(acme.token, 2, png);
    const host = await me('pic.host');
    expectError(await request(server, host.token, 'GET', `/api/account/profile-picture/${acme.id}`), 404);
    expect((await fetch(`${server.url}/api/account/profile-picture-file/${acme.id}`)).status).toBe(404);
    const withTenant = await fetch(`${server.url}/api/account/profile-picture-file/${acme.id}?__tenant=${acmeId}`);
    expect(withTenant.status).toBe(200);
    expect((await request(server, acme.token, 'GET', `/api/account/profile-picture/${acme.id}`)).body).toMatchObject({ type: 2 });
    expect((await upload('not-a-token', 2, png)).status).toBe(401);
  });
});

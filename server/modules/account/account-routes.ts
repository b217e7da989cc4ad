// Account self-service (spec 7.9, 7.10): registration, e-mail and phone confirmation, password
// reset, my profile, two-factor switch, authenticator setup and the profile picture. Rules:
// - registration, confirmation, password reset, the confirmation state and the picture file are
//   anonymous and act in the request's tenant (__tenant); everything else needs a signed-in user and
//   acts on that user only (no id in the path to swap);
// - every write is one transaction: a broken rule leaves nothing behind; mail goes out after commit;
// - void actions answer 204; verify-* answer a bare JSON boolean.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  AuthenticatorInfoDto,
  ChangePasswordInput,
  ConfirmationStateQuery,
  ConfirmEmailInput,
  ConfirmPhoneNumberInput,
  IdentityUserConfirmationStateDto,
  NameValueList,
  ProfileDto,
  ProfilePictureQuery,
  ProfilePictureSourceDto,
  RecaptchaValidateQuery,
  RegisterDto,
  ResetPasswordDto,
  SendEmailConfirmationTokenDto,
  SendPasswordResetCodeDto,
  SendPhoneNumberConfirmationTokenDto,
  SetTwoFactorEnabledQuery,
  UpdateProfileDto,
  VerifyAuthenticatorCodeDto,
  VerifyAuthenticatorCodeInput,
  VerifyEmailConfirmationTokenInput,
  VerifyPasswordResetTokenInput,
} from '../../../contract/account.ts';
import { IdParams } from '../../../contract/common.ts';
import { IdentityUserDto } from '../../../contract/identity.ts';
import type { AppContext } from '../../context.ts';
import type { RouteModule } from '../index.ts';
import { timeZones } from '../setting-management/routes.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { authenticatorInfo, hasAuthenticatorKey, resetMyAuthenticator, verifyAuthenticator } from './authenticator.ts';
import { verifyCaptcha } from './captcha.ts';
import {
  confirmationState,
  confirmEmail,
  confirmPhoneNumber,
  sendEmailConfirmationToken,
  sendPhoneNumberConfirmationToken,
  verifyEmailConfirmationToken,
} from './confirmation.ts';
import {
  canEnableTwoFactor,
  changeMyPassword,
  getMyProfile,
  myTwoFactorEnabled,
  setMyTwoFactorEnabled,
  updateMyProfile,
} from './my-profile.ts';
import { maxPictureBytes, profilePictureFile, profilePictureOf, setMyProfilePicture } from './profile-picture.ts';
import { resetPassword, sendPasswordResetCode, verifyPasswordResetToken } from './password-reset.ts';
import { register } from './registration.ts';

const base = '/api/account';
const tags = ['Account'];
const NoContent = { 204: Type.Null() };
const anonymous = { auth: { anonymous: true } } as const;
const authenticated = { auth: { authenticated: true } } as const;

async function selfServiceRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(`${base}/register`, { schema: { tags, body: RegisterDto, response: { 200: IdentityUserDto } }, config: anonymous }, (request) =>
    register(ctx, request, request.body),
  );

  app.get(
    `${base}/recaptcha-validate`,
    { schema: { tags, querystring: RecaptchaValidateQuery, response: NoContent }, config: anonymous },
    async (request, reply) => {
      await verifyCaptcha(ctx, tenantIdOf(request), request.query.captchaResponse, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/send-email-confirmation-token`,
    { schema: { tags, body: SendEmailConfirmationTokenDto, response: NoContent }, config: anonymous },
    async (request, reply) => {
      await sendEmailConfirmationToken(ctx, request, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/verify-email-confirmation-token`,
    { schema: { tags, body: VerifyEmailConfirmationTokenInput, response: { 200: Type.Boolean() } }, config: anonymous },
    (request) => verifyEmailConfirmationToken(ctx, request, request.body),
  );

  app.post(
    `${base}/confirm-email`,
    { schema: { tags, body: ConfirmEmailInput, response: NoContent }, config: anonymous },
    async (request, reply) => {
      await confirmEmail(ctx, request, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${base}/confirmation-state`,
    { schema: { tags, querystring: ConfirmationStateQuery, response: { 200: IdentityUserConfirmationStateDto } }, config: anonymous },
    (request) => confirmationState(ctx, request, request.query.id),
  );

  app.post(
    `${base}/send-phone-number-confirmation-token`,
    { schema: { tags, body: SendPhoneNumberConfirmationTokenDto, response: NoContent }, config: authenticated },
    async (request, reply) => {
      await sendPhoneNumberConfirmationToken(ctx, request, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/confirm-phone-number`,
    { schema: { tags, body: ConfirmPhoneNumberInput, response: NoContent }, config: authenticated },
    async (request, reply) => {
      await confirmPhoneNumber(ctx, request, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/send-password-reset-code`,
    { schema: { tags, body: SendPasswordResetCodeDto, response: NoContent }, config: anonymous },
    async (request, reply) => {
      await sendPasswordResetCode(ctx, request, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/verify-password-reset-token`,
    { schema: { tags, body: VerifyPasswordResetTokenInput, response: { 200: Type.Boolean() } }, config: anonymous },
    (request) => verifyPasswordResetToken(ctx, request, request.body),
  );

  app.post(
    `${base}/reset-password`,
    { schema: { tags, body: ResetPasswordDto, response: NoContent }, config: anonymous },
    async (request, reply) => {
      await resetPassword(ctx, request, request.body);
      return reply.code(204).send(null);
    },
  );
}

async function myProfileRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const profile = `${base}/my-profile`;

  app.get(profile, { schema: { tags, response: { 200: ProfileDto } }, config: authenticated }, (request) => getMyProfile(ctx, request));

  app.put(profile, { schema: { tags, body: UpdateProfileDto, response: { 200: ProfileDto } }, config: authenticated }, (request) =>
    updateMyProfile(ctx, request, request.body),
  );

  app.post(
    `${profile}/change-password`,
    { schema: { tags, body: ChangePasswordInput, response: NoContent }, config: authenticated },
    async (request, reply) => {
      await changeMyPassword(ctx, request, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(`${profile}/timezones`, { schema: { tags, response: { 200: NameValueList } }, config: authenticated }, async () => timeZones());

  app.get(`${profile}/can-enable-two-factor`, { schema: { tags, response: { 200: Type.Boolean() } }, config: authenticated }, (request) =>
    canEnableTwoFactor(ctx, request),
  );

  app.get(`${profile}/two-factor-enabled`, { schema: { tags, response: { 200: Type.Boolean() } }, config: authenticated }, (request) =>
    myTwoFactorEnabled(ctx, request),
  );

  app.post(
    `${profile}/set-two-factor-enabled`,
    {
      // ABP's client posts with the switch in the query string and no body.
      schema: { tags, querystring: SetTwoFactorEnabledQuery, body: Type.Optional(Type.Null()), response: NoContent },
      config: authenticated,
    },
    async (request, reply) => {
      await setMyTwoFactorEnabled(ctx, request, request.query.enabled);
      return reply.code(204).send(null);
    },
  );
}

async function authenticatorRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(`${base}/authenticator-info`, { schema: { tags, response: { 200: AuthenticatorInfoDto } }, config: authenticated }, (request) =>
    authenticatorInfo(ctx, request),
  );

  app.get(`${base}/has-authenticator-key`, { schema: { tags, response: { 200: Type.Boolean() } }, config: authenticated }, (request) =>
    hasAuthenticatorKey(ctx, request),
  );

  app.post(
    `${base}/verify-authenticator-code`,
    { schema: { tags, body: VerifyAuthenticatorCodeInput, response: { 200: VerifyAuthenticatorCodeDto } }, config: authenticated },
    (request) => verifyAuthenticator(ctx, request, request.body.code),
  );

  app.post(
    `${base}/reset-authenticator`,
    { schema: { tags, body: Type.Optional(Type.Null()), response: NoContent }, config: authenticated },
    async (request, reply) => {
      await resetMyAuthenticator(ctx, request);
      return reply.code(204).send(null);
    },
  );
}

async function profilePictureRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // The picture arrives as raw bytes; which image it is, is decided by its magic bytes, not by this header.
  app.addContentTypeParser(
    /^(image\/[\w.+-]+|application\/octet-stream)$/i,
    { parseAs: 'buffer', bodyLimit: maxPictureBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    `${base}/profile-picture`,
    {
      // The body is the image bytes for type 2 and nothing otherwise; it is checked in the handler.
      schema: { tags, querystring: ProfilePictureQuery, body: Type.Unsafe<unknown>({}), response: NoContent },
      config: authenticated,
    },
    async (request, reply) => {
      await setMyProfilePicture(ctx, request, request.query.type, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${base}/profile-picture/:id`,
    { schema: { tags, params: IdParams, response: { 200: ProfilePictureSourceDto } }, config: authenticated },
    (request) => profilePictureOf(ctx, request, request.params.id),
  );

  // Anonymous so that an <img src> can load it (with ?__tenant= for a tenant user); the tenant scope still applies.
  app.get(
    `${base}/profile-picture-file/:id`,
    { schema: { tags, params: IdParams, response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } }, config: anonymous },
    async (request, reply) => {
      const file = await profilePictureFile(ctx, request, request.params.id);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', 'inline; filename="profile-picture"')
        .send(file.content);
    },
  );
}

export const accountRoutes: RouteModule = async (app, ctx) => {
  await selfServiceRoutes(app, ctx);
  await myProfileRoutes(app, ctx);
  await authenticatorRoutes(app, ctx);
  await profilePictureRoutes(app, ctx);
};

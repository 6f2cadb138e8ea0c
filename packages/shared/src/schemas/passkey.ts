import { z } from 'zod';

/** A passkey's name, as its owner sees it in the list ("Laptop", "Phone"). */
const PasskeyNameSchema = z.string().trim().min(1).max(64);

/** GET /api/auth/passkeys: the signed-in user's passkeys; never their public key or credential id. */
export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** Synced by a password manager or a platform account (`multiDevice`), or bound to one device (`singleDevice`). */
  deviceType: z.string(),
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;
export const PasskeyListSchema = z.array(PasskeySchema);
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

export const PasskeyParamsSchema = z.object({ passkeyId: z.string().min(1).max(64) });

/** PATCH /api/auth/passkeys/:passkeyId */
export const RenamePasskeyBodySchema = z.object({ name: PasskeyNameSchema }).strict();
export type RenamePasskeyBody = z.infer<typeof RenamePasskeyBodySchema>;

/**
 * The options for the browser's `navigator.credentials.create()` / `.get()` (WebAuthn's JSON form), with a single-use
 * challenge that the server remembers for five minutes.
 */
export const WebAuthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebAuthnOptions = z.infer<typeof WebAuthnOptionsSchema>;

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/);

const credentialFields = {
  id: base64url.max(1024),
  rawId: base64url.max(1024),
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What the browser's authenticator answered to registration options (WebAuthn's `RegistrationResponseJSON`). */
const RegistrationCredentialSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z
      .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
      .max(8)
      .optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});

/** What the browser's authenticator answered to sign-in options (WebAuthn's `AuthenticationResponseJSON`). */
const AuthenticationCredentialSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

/** POST /api/auth/passkeys: the authenticator's answer to the registration options, and a name for the new passkey. */
export const RegisterPasskeyBodySchema = z.object({ name: PasskeyNameSchema, response: RegistrationCredentialSchema }).strict();
export type RegisterPasskeyBody = z.infer<typeof RegisterPasskeyBodySchema>;

/** POST /api/auth/passkey/sign-in: the authenticator's answer to the sign-in options. */
export const PasskeySignInBodySchema = z.object({ response: AuthenticationCredentialSchema }).strict();
export type PasskeySignInBody = z.infer<typeof PasskeySignInBodySchema>;

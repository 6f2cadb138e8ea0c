import { z } from 'zod';

import { EmailVerificationModeSchema } from './account.js';
import { DEFAULT_EVENT_SETTINGS, EventSettingsSchema } from './event.js';
import { DEFAULT_TEAM_SETTINGS, TeamSettingsSchema } from './team.js';

/**
 * Platform settings, changed by admins at run time (GET/PATCH /api/admin/settings). Adding a setting is one field here,
 * its default below, and its row in the admin panel's Settings tab (docs/decisions: platform settings ADR).
 */
export const PlatformSettingsSchema = z.object({
  /** Ranks admins and teachers on the boards (with the rank name Admin or Teacher); off by default: players only. */
  rankStaff: z.boolean(),
  /** Off: no confirmation mail; optional: mailed at sign-up, play allowed; required: no play until confirmed. */
  emailVerification: EmailVerificationModeSchema,
  /** Admins without a second factor can use the admin routes only once they set one up. */
  requireTwoFactorForAdmins: z.boolean(),
  /**
   * Publishes the CTFtime feed outside an event (docs/product.md#ctftime-feed): off, it answers 404 in training and before
   * an event starts, so that a training board's usernames and scores stay on the platform.
   */
  ctftimeFeedPublished: z.boolean(),
  /** Training or a timed event (docs/product.md#events); set in the admin panel's Event tab. */
  event: EventSettingsSchema,
  /**
   * Team mode and the team size (docs/product.md#teams). Team mode can be switched only while nobody has solved anything
   * (docs/decisions/016-teams.md).
   */
  teams: TeamSettingsSchema,
});
export type PlatformSettings = z.infer<typeof PlatformSettingsSchema>;

/** The value of every setting no admin has changed. */
export const DEFAULT_PLATFORM_SETTINGS: Readonly<PlatformSettings> = Object.freeze({
  rankStaff: false,
  emailVerification: 'optional',
  requireTwoFactorForAdmins: false,
  ctftimeFeedPublished: false,
  event: DEFAULT_EVENT_SETTINGS,
  teams: DEFAULT_TEAM_SETTINGS,
});

export type PlatformSettingKey = keyof PlatformSettings;
export const PLATFORM_SETTING_KEYS = Object.keys(PlatformSettingsSchema.shape) as PlatformSettingKey[];

/** PATCH body: any subset of the settings; an unknown key is refused (400) rather than ignored. */
export const UpdatePlatformSettingsBodySchema = PlatformSettingsSchema.partial().strict();
export type UpdatePlatformSettingsBody = z.infer<typeof UpdatePlatformSettingsBodySchema>;

/** On the server's event bus only (never sent to browsers): the settings after a change, for every instance. */
export interface SettingsChangedEvent {
  revision: number;
  settings: Record<string, unknown>;
}

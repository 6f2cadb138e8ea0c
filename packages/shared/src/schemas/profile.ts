import { z } from 'zod';

import { BioSchema, UsernameSchema } from './user.js';

/** PATCH /api/users/me: only the username and the bio; role, score, badges and solves are not inputs. */
export const UpdateProfileBodySchema = z.object({ username: UsernameSchema.optional(), bio: BioSchema.optional() }).strict();
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE } from '../constants.js';

import { z } from 'zod';
import { STAFF_ROLES } from '../staff.ts';
import { textSchema } from './input.ts';

export const StaffRoleSchema = z.enum(STAFF_ROLES);

/** GET /equipe/eu. */
export const StaffSelfSchema = z.object({
  login: z.string(),
  nome: z.string(),
  papeis: z.array(StaffRoleSchema),
});
export type StaffSelf = z.infer<typeof StaffSelfSchema>;

/** A member of staff as the administrator's list shows them. */
export const StaffMemberSchema = z.object({
  login: z.string(),
  nome: z.string(),
  papeis: z.array(StaffRoleSchema),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** GET /equipe/membros: by name. */
export const StaffMembersSchema = z.object({ membros: z.array(StaffMemberSchema) });
export type StaffMembers = z.infer<typeof StaffMembersSchema>;

/** The path parameter of /equipe/membros/{login}/papeis. */
export const StaffLoginParamsSchema = z.object({ login: textSchema().trim().min(1).max(120) });

/** PUT /equipe/membros/{login}/papeis: the roles the person holds from now on (none: no longer staff). */
export const StaffRolesRequestSchema = z.object({
  papeis: z.array(StaffRoleSchema).max(STAFF_ROLES.length),
});
export type StaffRolesRequest = z.infer<typeof StaffRolesRequestSchema>;

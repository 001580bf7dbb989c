import { describe, expect, it } from 'vitest';
import { ACTIVITY, AUTH_MODULE } from '@estante/contract';
import { hasPermission, type PermissionContext } from './auth.ts';

const context = (activities: number[], userPermissions: { module: number; activity: number }[] = []) =>
  ({ activities: new Set(activities), userPermissions }) satisfies PermissionContext;

describe('permission checks (SPEC §6)', () => {
  it('requires one activity the institution turned on', () => {
    expect(hasPermission({ activity: ACTIVITY.COMMENTS }, context([12, 13]))).toBe(true);
    expect(hasPermission({ activity: ACTIVITY.COMMENTS }, context([12]))).toBe(false);
  });

  it('requires any of several activities', () => {
    expect(hasPermission({ anyOf: [57, 87] }, context([87]))).toBe(true);
    expect(hasPermission({ anyOf: [57, 87] }, context([12, 13]))).toBe(false);
    expect(hasPermission({ anyOf: [] }, context([12]))).toBe(false);
  });

  it('requires all of several activities', () => {
    expect(hasPermission({ allOf: [12, 13] }, context([12, 13, 88]))).toBe(true);
    expect(hasPermission({ allOf: [12, 13] }, context([12]))).toBe(false);
  });

  it("requires a module permission of the patron's category, matched by module and activity", () => {
    const personalArea = { module: AUTH_MODULE.CONSULTATION, activity: ACTIVITY.PERSONAL_AREA };
    expect(hasPermission(personalArea, context([8], [{ module: 1, activity: 8 }]))).toBe(true);
    // Same activity in another module does not count.
    expect(hasPermission(personalArea, context([8], [{ module: 2, activity: 8 }]))).toBe(false);
    // A visitor has no module permissions.
    expect(hasPermission(personalArea, context([8]))).toBe(false);
    // The institution turning the activity off wins over the category.
    expect(hasPermission(personalArea, context([], [{ module: 1, activity: 8 }]))).toBe(false);
  });
});

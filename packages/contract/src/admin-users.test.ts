import { describe, expect, it } from 'vitest';
import { adminUserCreateSchema, adminUserListQuerySchema, adminUserUpdateSchema } from './admin-users.ts';
import { MSG } from './messages.ts';

const valid = {
  name: 'Asha Verma',
  email: ' Asha@Example.com ',
  username: 'asha.v',
  password: 'secret',
  mobile: '+91 98450 12345',
};

describe('admin user schemas', () => {
  it('defaults the role to 2 (owner) and stores the e-mail lowercased', () => {
    expect(adminUserCreateSchema.parse(valid)).toMatchObject({ role: 2, email: 'asha@example.com' });
  });
  it('uses the sign-in password policy', () => {
    const result = adminUserCreateSchema.safeParse({ ...valid, password: '12345' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MSG.passwordTooShort);
  });
  it('accepts only the three roles and the two statuses', () => {
    expect(adminUserCreateSchema.safeParse({ ...valid, role: 4 }).success).toBe(false);
    const edit = { ...valid, role: 3, status: 'inactive' };
    expect(adminUserUpdateSchema.parse(edit).status).toBe('inactive');
    expect(adminUserUpdateSchema.safeParse({ ...edit, status: 'banned' }).success).toBe(false);
  });
  it('reads list filters from the query string; a blank search is no search', () => {
    expect(adminUserListQuerySchema.parse({ role: '1', search: '  ' })).toMatchObject({
      page: 1,
      role: 1,
      search: undefined,
    });
    expect(adminUserListQuerySchema.safeParse({ role: '9' }).success).toBe(false);
  });
});

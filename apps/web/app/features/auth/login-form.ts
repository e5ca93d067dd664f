import { zodResolver } from '@hookform/resolvers/zod';
import { loginFormSchema } from '@isaac/contract';

/**
 * The sign-in form's rules (spec section 5, the schema the server validates with), as react-hook-form's
 * resolver. Loaded on demand by the login page (./LoginPage.tsx): zod is not part of /login's first load.
 */
export const loginFormResolver = zodResolver(loginFormSchema);

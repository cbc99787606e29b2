import { z } from 'zod';
import { stringValue } from '../validation';

/**
 * The template demo's development mock endpoints (SPEC §7, `/vue-element-admin/…`): answers carry
 * the mock success code 20000 instead of the product's envelope.
 */
export type DemoRoute = {
  path: string;
  name?: string;
  hidden?: boolean;
  meta?: { title: string; icon?: string; roles?: string[] };
  children?: DemoRoute[];
};

export const demoRoute: z.ZodType<DemoRoute> = z.lazy(() =>
  z.object({
    path: stringValue(),
    name: stringValue().optional(),
    hidden: z.boolean().optional(),
    meta: z.object({ title: stringValue(), icon: stringValue().optional(), roles: z.array(stringValue()).optional() }).optional(),
    children: z.array(demoRoute).optional(),
  }),
);

export const mockRole = z.object({
  key: stringValue().max(50),
  name: stringValue().max(50),
  description: stringValue().max(500),
  routes: z.array(demoRoute).max(200),
});
export type MockRole = z.infer<typeof mockRole>;

/** Body of POST / PUT `/vue-element-admin/role`: a role as the role page edits it. */
export const mockRoleBody = z.object({
  name: stringValue().max(50).optional(),
  description: stringValue().max(500).optional(),
  routes: z.array(demoRoute).max(200).optional(),
});
export const mockRoleKeyParams = z.object({ key: stringValue().min(1).max(50) });

const mockAnswer = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(20000), data });
export const mockRoutesAnswer = mockAnswer(z.array(demoRoute));
export const mockRolesAnswer = mockAnswer(z.array(mockRole));
export const mockNewRoleAnswer = mockAnswer(z.object({ key: z.number().int() }));
export const mockStatusAnswer = mockAnswer(z.object({ status: z.literal('success') }));

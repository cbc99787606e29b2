/** The RuoYi-shaped answers every endpoint gives (DESIGN.md, API conventions). */
export type Envelope<T = undefined> = { code: number; msg: string; data?: T };
export type PageResult<T> = { code: number; msg: string; total: number; rows: T[] };
export type ValidationErrors = Record<string, string>;
export type ErrorEnvelope = { code: number; msg: string; errors?: ValidationErrors };

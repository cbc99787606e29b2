/**
 * Values keyed by field name, as the engine holds them: an object without a prototype, so that a
 * field named like a member of Object.prototype (`isPrototypeOf`, `toString`) holds its own value
 * or nothing — `record[name]` never reads, and `name in record` never finds, an inherited function.
 */
export const byFieldName = <T = unknown>(values?: Record<string, T>): Record<string, T> => Object.assign(Object.create(null) as Record<string, T>, values);

/** A field's value in an object the engine did not make (a parsed request body has Object.prototype): its own property only. */
export const ownValue = (values: Record<string, unknown>, name: string): unknown => (Object.hasOwn(values, name) ? values[name] : undefined);

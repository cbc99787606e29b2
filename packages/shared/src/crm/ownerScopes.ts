/** Whose records a list shows: the user's own, her team's, or all she may see — always within her data scope. */
export const OWNER_SCOPES = ['mine', 'team', 'all'] as const;
export type OwnerScope = (typeof OWNER_SCOPES)[number];

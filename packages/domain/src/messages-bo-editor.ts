/** Messages of the back office II: server answers of this area (our texts). */
export const BO_EDITOR_MESSAGES = {} as const;

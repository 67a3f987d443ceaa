/** Messages of the back office II (issue 15): server answers of this area (our texts). */
export const BO_CONTENT_MESSAGES = {} as const;

/** Query keys and paths of the auto-trading administration; its answers are the domain's contracts. */
export const AUTO_ADMIN_KEY = ['bo', 'auto-trading'] as const;
export const autoBrandsKey = [...AUTO_ADMIN_KEY, 'brands'] as const;
export const autoBrandKey = (id: number) => [...AUTO_ADMIN_KEY, 'brand', id] as const;
export const autoBrandPath = (id: number) => `/api/backoffice/auto-trading/brands/${id}`;

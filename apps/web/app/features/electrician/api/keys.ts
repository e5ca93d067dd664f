/** Query keys of the electrician screens; every change refetches the whole area (`electricianKeys.all`). */
export const electricianKeys = {
  all: ['electrician'] as const,
  dashboard: () => ['electrician', 'dashboard'] as const,
  devices: () => ['electrician', 'devices'] as const,
  customers: () => ['electrician', 'customers'] as const,
  rooms: () => ['electrician', 'rooms'] as const,
  installations: () => ['electrician', 'installations'] as const,
  customerDevices: (id: string) => ['electrician', 'customer', id, 'devices'] as const,
  customerRooms: (id: string) => ['electrician', 'customer', id, 'rooms'] as const,
};

/** What every electrician change refetches: all of the area (its lists overlap). */
export const ELECTRICIAN_INVALIDATES = [electricianKeys.all] as const;

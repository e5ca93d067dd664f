/** Query keys of the automations screen. */
export const automationKeys = {
  all: ['automations'] as const,
  list: () => ['automations', 'list'] as const,
  runs: (id: string, page: number) => ['automations', 'runs', id, page] as const,
  devices: () => ['automations', 'devices'] as const,
};

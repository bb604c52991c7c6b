import type { BadgeCounterDefinition } from '../badges/registry.ts';

// SKELETON: replaced by the helper that owns this file.
export const unreadNewsBadge: BadgeCounterDefinition = {
  counter: 'unreadNews',
  appliesTo: () => false,
  count: async () => 0,
};

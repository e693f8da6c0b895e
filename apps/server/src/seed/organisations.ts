import type { Organisation } from '@padhub/contracts';

const controllerModels = [
  { id: 'pro-2', name: 'Padhub Pro 2' },
  { id: 'lite', name: 'Padhub Lite' },
  { id: 'elite-x', name: 'Padhub Elite X' },
  { id: 'arcade', name: 'Padhub Arcade Stick' },
];

export function seedOrganisations(defaultOrgId: string): Organisation[] {
  return [
    {
      id: defaultOrgId,
      name: 'Padhub',
      defaultLanguage: 'cn',
      currency: 'CNY',
      moderationMode: 'post',
      models: controllerModels,
    },
    {
      // A second tenant, so that every test can prove nothing crosses organisations.
      id: `${defaultOrgId}-other`,
      name: 'Padhub Other',
      defaultLanguage: 'en',
      currency: 'USD',
      moderationMode: 'pre',
      models: controllerModels.slice(0, 2),
    },
  ];
}

export const DEMO_PASSWORD = 'padhub-demo';

export const demoUsers = [
  { username: 'demo', nickname: 'Demo', role: 'user' },
  { username: 'moderator', nickname: 'Moderator', role: 'moderator' },
  { username: 'admin', nickname: 'Admin', role: 'admin' },
] as const;

/** A sprint as the formats see it, written by hand: two stories, one depending on the other, one done. */
import type { SpecBundle } from '../../src/main/formats/bundle';

export const LOGIN_ID = '6960112a-1b2c-4d5e-8f90-0123456789ab';
export const RESET_ID = '7a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d';

export function sprintBundle(): SpecBundle {
  return {
    sprint: { id: 'sprint-mx0ex4dz-k3', title: 'Sign in', createdAt: '2026-11-20T10:00:00.000Z' },
    slug: 'sign-in-sprintmx',
    stories: [
      {
        id: LOGIN_ID,
        shortId: 'PUF-6960',
        title: 'Sign in with email',
        description: 'As a user I want to sign in with my email\nso that my work is kept.',
        criteria: [
          {
            id: 'AC1',
            text: 'Given a registered user, when they submit a valid password, then they are signed in',
          },
          { id: 'AC2', text: 'A wrong password shows "Wrong email or password"' },
          { id: 'AC3', text: 'The session MUST expire after 30 minutes of inactivity' },
        ],
        status: 'done',
        updatedAt: '2026-11-21T09:00:00.000Z',
        approach: 'Add a login form and a session module.',
        files: ['src/login.ts', 'src/session.ts'],
        dependsOn: [],
        ris: '## What\nA login form.',
      },
      {
        id: RESET_ID,
        shortId: 'PUF-7a1b',
        title: 'Reset a forgotten password',
        description: 'As a user I want to reset my password.',
        criteria: [{ id: 'AC1', text: 'A reset link is sent to the registered email' }],
        status: 'pending',
        updatedAt: '2026-11-21T09:30:00.000Z',
        approach: '',
        files: ['src/reset.ts'],
        dependsOn: [LOGIN_ID],
        ris: '',
      },
    ],
  };
}

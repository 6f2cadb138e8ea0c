import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { PublicUser, UpdateProfileBody } from '@drapeau/shared';

import { createQueryClient } from '@/lib/query-client';
import { expectSvgBadgeIcon } from '@/testing/badge-icon-assertions';
import { buildAdmin, buildUser } from '@/testing/factories';
import { errorResponse } from '@/testing/handlers';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

import { badgesHandler } from '../testing/profile-handlers';

import { OwnProfile } from './own-profile';
import { resizeAvatar } from './resize-avatar';
import type * as ResizeAvatarModule from './resize-avatar';

vi.mock('./resize-avatar', async (importOriginal) => ({
  ...(await importOriginal<typeof ResizeAvatarModule>()),
  resizeAvatar: vi.fn(),
}));

beforeEach(() => {
  server.use(badgesHandler());
});

function renderProfile(user: PublicUser = buildUser()) {
  return renderApp('/profile', { sessionUser: user });
}

function imageFile(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** Records the avatar uploads the server receives. */
function recordAvatarUploads(reply: (user: PublicUser) => Response | Promise<Response>) {
  const uploads: { contentType: string | null; bytes: number }[] = [];
  server.use(
    http.put('/api/users/me/avatar', async ({ request }) => {
      uploads.push({ contentType: request.headers.get('content-type'), bytes: (await request.arrayBuffer()).byteLength });
      return reply(buildUser({ avatarUrl: '/api/users/user-1/avatar?v=abc' }));
    }),
  );
  return uploads;
}

describe('own profile', () => {
  it('reads neither the badge catalogue nor the challenge list when there is no badge or solve to name', async () => {
    const paths: string[] = [];
    server.events.on('request:start', ({ request }) => paths.push(new URL(request.url).pathname));
    try {
      renderProfile(buildUser({ badges: [], solvedChallenges: [] }));
      expect(await screen.findByText('No badges earned yet. Solve challenges to unlock them!')).toBeInTheDocument();
      expect(screen.getByText('No challenges solved yet.')).toBeInTheDocument();
      // The page's other reads (the session, the nav bar's) have gone out by the time the nav bar shows.
      await screen.findByRole('navigation', { name: 'Main navigation' });
      expect(paths).toContain('/api/auth/session');
      expect(paths).not.toContain('/api/badges');
      expect(paths).not.toContain('/api/challenges');
    } finally {
      server.events.removeAllListeners();
    }
  });

  it('shows the stats and the next rank goal', async () => {
    renderProfile(buildUser({ score: 10, solvedChallenges: ['dom-manipulation', 'caesar-cipher'] }));
    expect(await screen.findByText('Next: Advanced (40 pts needed)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'alice', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Score').nextElementSibling).toHaveTextContent('10');
    expect(screen.getByText('Solved').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Rank').nextElementSibling).toHaveTextContent('Beginner');
  });

  it('shows no next goal for a legend or an admin', async () => {
    renderProfile(buildUser({ score: 650 }));
    expect(await screen.findByText('Legend', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByText(/^Next:/)).not.toBeInTheDocument();
  });

  it('shows no next goal for an admin', async () => {
    renderProfile(buildAdmin({ score: 10 }));
    expect(await screen.findByText('Admin', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByText(/^Next:/)).not.toBeInTheDocument();
  });

  it('shows a teacher as Teacher once the role is granted, whatever the score, with no next goal (#36 point 8)', async () => {
    renderProfile(buildUser({ rank: 'teacher', score: 10 }));
    expect(await screen.findByText('Teacher', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByText('Beginner')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Next:/)).not.toBeInTheDocument();
  });

  it('shows the email read-only, the earned badges and the solved challenges by title', async () => {
    renderProfile(buildUser({ badges: ['first-blood'], solvedChallenges: ['dom-manipulation'] }));
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('alice@example.com');
    expect(email).toHaveAttribute('readonly');
    // Changed on the account page, which the profile leads to; nothing says it cannot be changed.
    expect(email).toHaveAccessibleDescription('Change your email address in your account settings.');
    expect(screen.getByRole('link', { name: 'Change your email address in your account settings.' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(screen.getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/account');
    expect(screen.queryByText(/cannot be changed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Account' })).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Achievements (1)' })).toBeInTheDocument();
    expect(await screen.findByText('First Blood')).toBeInTheDocument();
    expect(screen.getByText('Solve your first challenge')).toBeInTheDocument();
    expectSvgBadgeIcon(screen.getByText('First Blood').closest('li')!);
    expect(screen.queryByText('Century Club')).not.toBeInTheDocument();

    const solved = screen.getByRole('list', { name: 'Solved challenges' });
    expect(await within(solved).findByRole('link', { name: 'DOM Manipulation' })).toHaveAttribute(
      'href',
      '/challenge/dom-manipulation',
    );
  });

  it('shows badges and challenge titles in French', async () => {
    const { user } = renderProfile(buildUser({ badges: ['first-blood'] }));
    await screen.findByText('First Blood');
    await user.click(await screen.findByRole('button', { name: 'FR Français' }));
    expect(await screen.findByText('Premier sang')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Manipulation du DOM' })).toBeInTheDocument();
  });

  it('refuses a file that is not an image, without uploading', async () => {
    const uploads = recordAvatarUploads((user) => HttpResponse.json<PublicUser>(user));
    renderProfile();
    fireEvent.change(await screen.findByLabelText('Choose an avatar image'), {
      target: { files: [imageFile('notes.txt', 'text/plain')] },
    });
    expect(await screen.findByText('Please select an image file')).toBeInTheDocument();
    expect(resizeAvatar).not.toHaveBeenCalled();
    expect(uploads).toHaveLength(0);
  });

  it('refuses an image over 5 MB, without uploading', async () => {
    const uploads = recordAvatarUploads((user) => HttpResponse.json<PublicUser>(user));
    renderProfile();
    fireEvent.change(await screen.findByLabelText('Choose an avatar image'), {
      target: { files: [imageFile('huge.png', 'image/png', 5 * 1024 * 1024 + 1)] },
    });
    expect(await screen.findByText('Image must be smaller than 5MB')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it('uploads the scaled JPEG and shows the new avatar in the navigation bar', async () => {
    vi.mocked(resizeAvatar).mockResolvedValue(new Blob([new Uint8Array(321)], { type: 'image/jpeg' }));
    const uploads = recordAvatarUploads((user) => HttpResponse.json<PublicUser>(user));
    renderProfile();
    const photo = imageFile('me.png', 'image/png');
    fireEvent.change(await screen.findByLabelText('Choose an avatar image'), { target: { files: [photo] } });

    expect(await screen.findByText('Avatar updated successfully')).toBeInTheDocument();
    expect(resizeAvatar).toHaveBeenCalledWith(photo);
    expect(uploads).toEqual([{ contentType: 'image/jpeg', bytes: 321 }]);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('img', { name: 'alice' })).toHaveAttribute('src', '/api/users/user-1/avatar?v=abc');
  });

  it('says "Failed to upload avatar" when the server refuses the image', async () => {
    vi.mocked(resizeAvatar).mockResolvedValue(new Blob(['x'], { type: 'image/jpeg' }));
    recordAvatarUploads(() => errorResponse(400, 'INVALID_IMAGE'));
    renderProfile();
    fireEvent.change(await screen.findByLabelText('Choose an avatar image'), {
      target: { files: [imageFile('me.png', 'image/png')] },
    });
    expect(await screen.findByText('Failed to upload avatar')).toBeInTheDocument();
  });

  it('saves only the username and the bio, then shows them everywhere', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.patch('/api/users/me', async ({ request }) => {
        const body = (await request.json()) as UpdateProfileBody;
        bodies.push(body);
        return HttpResponse.json<PublicUser>(buildUser({ ...body }));
      }),
    );
    const { user } = renderProfile();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'neo');
    await user.type(screen.getByLabelText('Bio'), 'Follow the white rabbit.');
    expect(screen.getByText('24/500')).toBeInTheDocument();
    await user.click(save);

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ username: 'neo', bio: 'Follow the white rabbit.' }]);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByText('neo')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'neo', level: 1 })).toBeInTheDocument();
  });

  it('shows the error when the username is taken', async () => {
    server.use(http.patch('/api/users/me', () => errorResponse(409, 'USERNAME_TAKEN')));
    const { user } = renderProfile();
    await user.clear(await screen.findByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'trinity');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This username is already taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('trinity');
  });

  it('checks the username format before sending', async () => {
    let calls = 0;
    server.use(
      http.patch('/api/users/me', () => {
        calls += 1;
        return HttpResponse.json<PublicUser>(buildUser());
      }),
    );
    const { user } = renderProfile();
    await user.clear(await screen.findByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'no spaces!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Usernames are 3 to 32 characters/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true'));
    expect(calls).toBe(0);
  });

  it('asks a visitor to log in', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <OwnProfile user={null} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText('Please login to view your profile.')).toBeInTheDocument();
  });
});

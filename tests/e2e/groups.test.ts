// Groups in Chromium at 390x844 (issue 14 §1): an invite link opened in a fresh browser signs the visitor
// up (verified through the local mailbox) and lands them in the group; the group page (leaderboard,
// share with the copy-link fallback, leave with a confirmation); the leaderboard's Groups tab (create a
// group, a new invite link); the profile's groups; the console's hostels dialog and the hostel
// leaderboard on the tournament's events page.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { extractLink, waitForMail } from '../helpers/mail.ts';
import { verifiedUser } from '../integration/accounts-flows.ts';
import { createEvent, OPERATOR, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, launchBrowser, openPage, snap, uniqueEmail, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');

describe.sequential('groups: the join link, the group page, the Groups tab, the profile and hostels', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let watched: WatchedPage;
  let page: Page;
  let group: { groupId: string; inviteCode: string };
  const email = uniqueEmail();

  beforeAll(async () => {
    browser = await launchBrowser();
    watched = await openPage(browser, baseUrl);
    page = watched.page;
    await watched.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const creator = await verifiedUser();
    const created = await creator.client.post('/group/create-group', { name: 'Hostel Seven' });
    expect(created.status).toBe(201);
    group = created.body.data;
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('the invite link in a fresh browser: sign up, verify from the mail, and land in the group', async () => {
    await page.goto(`/join/${group.inviteCode}`);
    await page.getByRole('heading', { name: 'Hostel Seven' }).waitFor();
    await page.getByText('1 member', { exact: true }).waitFor();
    await snap(page, 'group-join-invite');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('link', { name: 'Sign up and join' }).click();
    await page.waitForURL(/\/auth\/registration$/);
    await page.getByLabel('Name').fill('Meera Joiner');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('joiner-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/auth\/verify\?id=/);

    const link = extractLink(await waitForMail(baseUrl, email, (m) => m.html.includes('/auth/verify')), '/auth/verify');
    await page.goto(link);
    await page.waitForURL(new RegExp(`/groups/${group.groupId}$`));
    await page.getByRole('heading', { name: 'Hostel Seven' }).waitFor();
    await page.getByText('2 members').waitFor();
    await page.getByText('You joined Hostel Seven').waitFor();
    await page.getByRole('link', { name: /Meera Joiner \(you\)/ }).waitFor();
    await snap(page, 'group-page');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('the group page shares the invite link (copied where there is no share sheet) and asks before leaving', async () => {
    await page.getByRole('button', { name: 'Share invite link' }).click();
    await page.getByText('Invite link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl}/join/${group.inviteCode}`);
    expect(await page.getByRole('button', { name: 'New invite link' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Leave', exact: true }).click();
    await page.getByRole('dialog', { name: 'Leave Hostel Seven?' }).waitFor();
    await snap(page, 'group-leave-dialog');
    await page.getByRole('button', { name: 'Stay' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('the Groups tab lists my groups and creates one; its creator can make a new invite link', async () => {
    await page.goto('/leaderboard?boardFor=groups');
    await page.getByRole('link', { name: /Hostel Seven/ }).waitFor();
    await page.getByLabel('Group name').fill('x');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByText('Group name must contain atleast 3 characters').waitFor();
    await snap(page, 'leaderboard-groups');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByLabel('Group name').fill('Wing B Friends');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.waitForURL(/\/groups\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Wing B Friends' }).waitFor();
    await page.getByRole('button', { name: 'New invite link' }).click();
    await page.getByText('New invite link made; the old one no longer works').waitFor();
  });

  it("the profile shows the user's groups, and leaving a group takes it off", async () => {
    await page.getByRole('link', { name: /Meera Joiner \(you\)/ }).click();
    await page.waitForURL(/\/profile\//);
    const groups = page.getByRole('list', { name: 'Your groups' });
    await groups.getByRole('link', { name: /Hostel Seven/ }).waitFor();
    await groups.getByRole('link', { name: /Wing B Friends/ }).waitFor();
    await page.getByRole('heading', { name: 'My groups' }).scrollIntoViewIfNeeded();
    await snap(page, 'profile-groups');

    await groups.getByRole('link', { name: /Hostel Seven/ }).click();
    await page.getByRole('button', { name: 'Leave', exact: true }).click();
    await page.getByRole('button', { name: 'Leave group' }).click();
    await page.waitForURL(/boardFor=groups/);
    await page.getByRole('link', { name: /Wing B Friends/ }).waitFor();
    expect(await page.getByRole('link', { name: /Hostel Seven/ }).count()).toBe(0);
    expect(watched.problems).toEqual([]);
  });

  it("an operator marks a group as a tournament's hostel by its invite link; the events page shows the hostel leaderboard", async () => {
    const { tournamentId } = await createEvent(await operatorClient());
    const admin = await openPage(browser, baseUrl);
    expect((await admin.page.request.post('/api/v1/user/login-user', { data: OPERATOR })).status()).toBe(200);
    await admin.page.goto('/operator/tournaments');
    const title = (await (await admin.page.request.get('/api/v1/game/tournament-list')).json()).data.find((t: { _id: string }) => t._id === tournamentId).title;
    await admin.page.getByRole('button', { name: `Hostels of ${title}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Hostels' });
    await dialog.getByText('No hostels yet.').waitFor();
    await dialog.getByLabel('Add a hostel').fill(`${baseUrl}/join/${group.inviteCode}`);
    await dialog.getByRole('button', { name: 'Add hostel' }).click();
    await dialog.getByRole('heading', { name: 'Hostel Seven' }).waitFor();
    await snap(admin.page, 'operator-hostels');
    expect(await accessibilityProblems(admin.page)).toEqual([]);
    await admin.context.close();

    await page.goto(`/events?tournamentId=${tournamentId}`);
    const board = page.getByRole('list', { name: 'Hostels by bets won' });
    await board.getByText('Hostel Seven').waitFor();
    await page.getByRole('heading', { name: 'Hostel leaderboard' }).scrollIntoViewIfNeeded();
    await snap(page, 'events-hostel-leaderboard');
  });
});

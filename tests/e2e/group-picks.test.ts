// Friends' picks on the match cards (docs/architecture.md "Friends' picks"): a signed-in member of a group
// sees, on a started match's card, how the group split and, on a decided one's, who backed the winner; on
// a match still open, nothing of anyone's pick. At phone size and on a desktop.
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminEvent, AdminTeam } from '../../shared/api.ts';
import { repoRoot } from '../../infra/local/paths.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from '../integration/accounts-flows.ts';
import { createTeam, hoursFromNow, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, DESKTOP, launchBrowser, openPage, PHONE, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');

type Member = Awaited<ReturnType<typeof verifiedUser>>;

describe.sequential("friends' picks on the match cards", () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let viewer: WatchedPage;
  let operator: ApiClient;
  let teams: AdminTeam[];
  let tournamentId: string;
  let started: AdminEvent;
  let decided: AdminEvent;
  let open: AdminEvent;
  const tag = randomUUID().slice(0, 3);
  const hostel = `Hostel 4 ${tag}`;
  const cardOf = (page: Page, event: AdminEvent) => page.locator(`#event-${event._id}`);
  const picksOn = (page: Page, event: AdminEvent) => cardOf(page, event).getByRole('list', { name: 'How your groups picked' });

  beforeAll(async () => {
    browser = await launchBrowser();
    operator = await operatorClient();
    tournamentId = (await operator.post('/admin/tournaments', { title: `Hostel Cup ${tag}`, previewImg: '/demo/cricket.svg' })).body.data._id;
    teams = [await createTeam(operator, `Tapti ${tag}`), await createTeam(operator, `Ganga ${tag}`)];
    const event = async () => (await operator.post('/admin/events', { tournamentId, time: hoursFromNow(2), teamIds: teams.map((t) => t._id) })).body.data as AdminEvent;
    [started, decided, open] = [await event(), await event(), await event()];

    // Asha (the viewer), Ravi, Kiran and Meera back the home team on each match, Dev the away team.
    const names = ['Asha', 'Ravi', 'Kiran', 'Meera', 'Dev'];
    const members: Member[] = await Promise.all(names.map(() => verifiedUser()));
    await Promise.all(members.map((member, i) => member.client.patch('/user/update-user', { userName: names[i] })));
    const { inviteCode } = (await members[0].client.post('/group/create-group', { name: hostel })).body.data;
    for (const member of members.slice(1)) expect((await member.client.post('/group/join', { inviteCode })).status).toBe(200);
    for (const match of [started, decided, open]) {
      for (const [i, member] of members.entries()) {
        const placed = await member.client.post('/bet/create-new', { eventId: match._id, teamId: teams[i === 4 ? 1 : 0]._id, betWay: 'coin', amount: 100 });
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      }
    }
    expect((await operator.patch(`/admin/events/${started._id}`, { time: hoursFromNow(-0.5) })).status).toBe(200);
    expect((await operator.patch(`/admin/events/${decided._id}`, { time: hoursFromNow(-2) })).status).toBe(200);
    expect((await operator.post(`/admin/events/${decided._id}/result`, { winnerTeamId: teams[0]._id })).status).toBe(202);

    await mkdir(join(repoRoot, 'tests', 'screenshots'), { recursive: true });
    viewer = await openPage(browser, baseUrl);
    const accessToken = members[0].client.cookies.get('accessToken')!;
    await viewer.context.addCookies([{ name: 'accessToken', value: accessToken, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  });

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows a member how the group split on a started match and who backed the winner of a decided one, and nothing on an open match (${size})`, async () => {
      const { page } = viewer;
      await page.setViewportSize(viewport);
      await page.goto(`/events?tournamentId=${tournamentId}`);
      const split = `In ${hostel}: 4 on Tapti ${tag}, 1 on Ganga ${tag}`;
      const startedPicks = picksOn(page, started);
      await startedPicks.getByText(split).waitFor();
      expect(await startedPicks.getByText(/Backed/).count()).toBe(0);

      const decidedPicks = picksOn(page, decided);
      await decidedPicks.getByText(split).waitFor();
      await decidedPicks.getByText(`Backed Tapti ${tag}: Asha, Kiran and 2 more`).waitFor();
      // The open match's card shows the viewer's own bet, never the group's.
      await cardOf(page, open).getByText(`Your bet: 100 coins on Tapti ${tag}`).waitFor();
      expect(await picksOn(page, open).count()).toBe(0);

      for (const [name, match] of [
        ['started', started],
        ['decided', decided],
      ] as const) {
        await cardOf(page, match).evaluate((card) => card.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: join(repoRoot, 'tests', 'screenshots', `group-picks-${name}-${size}.png`), timeout: 30_000, animations: 'disabled' });
      }
      expect(await accessibilityProblems(page)).toEqual([]);
      expect(viewer.problems).toEqual([]);
    });
  }
});

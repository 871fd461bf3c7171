// A student following tournaments on a phone, in Chromium at 390x844 and 1280x800: a cup played to its
// final says so at the top of its page, with its champion, above its results (never a line that reads as
// live); its bracket at the final has boxes whose names hold what they show (axe's WCAG 2.1 rules, label in
// name among them) and gives a name cut short in the drawing whole: in its box's name, in a <title>, in
// the list under the drawing and on the card a tap on the box shows. A league played to its end names its
// top team; a tournament scheduled match by match says it is finished once its matches are decided.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AdminEvent, AdminTeam } from '../../shared/api.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createEvent, createTournament, operatorClient } from '../integration/game-flows.ts';
import { accessibilityProblems, DESKTOP, launchBrowser, openPage, PHONE, snap, WCAG_21, type WatchedPage } from './support.ts';

const baseUrl = inject('baseUrl');
const suffix = randomUUID().slice(0, 4).toUpperCase();
const HOUR_MS = 60 * 60 * 1000;
/** A result reaches an open page over the live channel, after the settlement worker. */
const LIVE_TIMEOUT = 20_000;

// The cup's seeding, best first: Ganga Hostel beats everyone; the second seed's name (40 characters, the
// most a team's may have) is too long for a box on a phone.
const CUP = ['Ganga Hostel', 'Narmada Nightowls Hostel Cricketers', 'Godavari Hostel', 'Kaveri Hostel'].map((name) => `${name} ${suffix}`);
const LEAGUE = ['Tapti Tigers', 'Sutlej Sixers', 'Ravi Royals', 'Beas Blasters'].map((name) => `${name} ${suffix}`);
// The generator's keys: a 4-team knockout's two semi-finals and its final; a 4-team league's three matchdays.
const CUP_KEYS = ['R1-M1', 'R1-M2', 'R2-M1'];
const LEAGUE_KEYS = ['R1-M1', 'R1-M2', 'R2-M1', 'R2-M2', 'R3-M1', 'R3-M2'];

/** Teams pasted in order (the seeding), and the format published with each match an hour apart from tomorrow. */
async function publish(operator: ApiClient, tournamentId: string, names: string[], format: object, keys: string[]): Promise<{ teams: AdminTeam[]; events: AdminEvent[] }> {
  const entered = await operator.post<{ data: { created: AdminTeam[] } }>(`/admin/tournaments/${tournamentId}/teams/bulk`, { teams: names.map((teamName) => ({ teamName, members: ['Asha'] })) });
  expect(entered.status, JSON.stringify(entered.body)).toBe(201);
  const teams = names.map((name) => entered.body.data.created.find((team) => team.teamName === name)!);
  const schedule = Object.fromEntries(keys.map((key, i) => [key, { startsAt: new Date(Date.now() + (24 + i) * HOUR_MS).toISOString() }]));
  const published = await operator.post<{ data: { events: AdminEvent[] } }>(`/admin/tournaments/${tournamentId}/format`, { format, seededTeamIds: teams.map((team) => team._id), schedule });
  expect(published.status, JSON.stringify(published.body)).toBe(201);
  return { teams, events: published.body.data.events };
}

async function declare(operator: ApiClient, eventId: string, winner: (teamIds: string[]) => string) {
  const now = (await operator.get<{ data: AdminEvent }>(`/admin/events/${eventId}`)).body.data;
  expect(now.teamIds, 'both teams are known before the result').toHaveLength(2);
  const answer = await operator.post(`/admin/events/${eventId}/result`, { winnerTeamId: winner(now.teamIds) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
}

/** Where an element is on the page, for 'above' and 'below'. */
const boxOf = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

describe.sequential('a finished tournament, as a student opens it', () => {
  let browser: Browser;
  let visitor: WatchedPage;
  let operator: ApiClient;
  let cupId: string;
  let cup: { teams: AdminTeam[]; events: AdminEvent[] };

  beforeAll(async () => {
    browser = await launchBrowser();
    visitor = await openPage(browser, baseUrl);
    operator = await operatorClient();
    cupId = (await createTournament(operator, `Inter-hostel Cup ${suffix}`))._id;
    cup = await publish(operator, cupId, CUP, { kind: 'knockout' }, CUP_KEYS);
  }, 120_000);

  afterAll(async () => {
    await (browser as typeof browser | undefined)?.close(); // undefined when beforeAll failed
  });

  it('says Finished with the champion at the top of the cup once its final is decided, above its results', async () => {
    const { page } = visitor;
    await page.goto(`/events?tournamentId=${cupId}`);
    const stage = page.getByTestId('tournament-stage');
    // In play: the stage and what is next, as a live line.
    await expect.poll(() => stage.textContent()).toMatch(/^Semi-finals · next: /);
    expect(await stage.getAttribute('class')).not.toContain('is-finished');

    // The better seed wins each semi-final, then Ganga Hostel the final, while the page is open.
    for (const key of CUP_KEYS) await declare(operator, cup.events.find((event) => event.matchKey === key)!._id, (teamIds) => teamIds[0]);
    await expect.poll(() => stage.textContent(), { timeout: LIVE_TIMEOUT }).toBe(`Finished · Champion: ${CUP[0]}`);
    expect(await stage.getAttribute('class')).toContain('is-finished');
    await page.getByRole('heading', { name: 'Results' }).waitFor();
    await expect.poll(() => page.locator('.event-results .event-item').count()).toBe(3);
    // Under the page's title, above the tabs and every match.
    const [title, line, tabs, results] = [await boxOf(page, 'h1'), await stage.boundingBox(), await boxOf(page, 'nav[aria-label="Tournament"]'), await boxOf(page, '.event-results')];
    expect(line!.y).toBeGreaterThanOrEqual(title.y + title.height);
    expect(line!.y + line!.height).toBeLessThanOrEqual(tabs.y);
    expect(tabs.y + tabs.height).toBeLessThanOrEqual(results.y);
    await snap(page, 'finished-cup-matches');
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    expect(visitor.problems).toEqual([]);
  });

  it("draws the final bracket with boxes named by what they show, and the cut name whole in its box's name, a <title>, the list under it and its card", async () => {
    const { page } = visitor;
    await page.goto(`/events?tournamentId=${cupId}&view=bracket`);
    const bracket = page.getByRole('region', { name: 'Bracket (scrolls sideways)' });
    await bracket.getByText('Final', { exact: true }).waitFor();
    await page.locator('.bracket-champion.is-known').waitFor();
    const long = CUP[1];
    const semi = page.locator('[data-match="R1-M2"]');
    // The drawing cuts the long name after a whole word, on the box's second line.
    const drawn = (await semi.locator('.bracket-row').first().locator('text.bracket-name').allTextContents()).join(' ');
    expect(drawn).toMatch(/^Narmada Nightowls\b.*…$/);
    expect(long.startsWith(drawn.slice(0, -1))).toBe(true);
    // The box's name: what it shows, in its order, with what the drawing cut off in brackets, then the result.
    const label = (await semi.getAttribute('aria-label'))!;
    expect(label).toMatch(new RegExp(`^R1-M2 · \\w+ \\d\\d:\\d\\d: ${drawn.slice(0, -1)} \\(.+\\), ${CUP[2]}\\. ${long} won\\. Show the match$`));
    expect(label.replace(/[()]/g, '')).toContain(long);
    expect(await semi.locator('.bracket-row').first().locator('title').textContent()).toBe(long);
    const cutNames = page.getByRole('region', { name: 'Names cut short above' });
    await expect.poll(() => cutNames.getByRole('listitem').allTextContents()).toContain(long);
    // Every box that is a button names what it shows (label in name), and nothing else is wrong.
    expect(await page.locator('.bracket [role="button"]').count()).toBe(3);
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    await snap(page, 'finished-cup-bracket');
    expect(await bracketOverflow(page)).toEqual([]);

    // A tap on the box shows its match's card, which has room for the whole name.
    await semi.click();
    await page.waitForURL((url) => !url.search.includes('view='));
    const semiId = cup.events.find((event) => event.matchKey === 'R1-M2')!._id;
    await page.locator(`#event-${semiId}`).getByText(long, { exact: false }).first().waitFor();
    expect(visitor.problems).toEqual([]);
  });

  it('names the top team of a league played to its end as its champion', async () => {
    const { page } = visitor;
    const leagueId = (await createTournament(operator, `Hostel League ${suffix}`))._id;
    const league = await publish(operator, leagueId, LEAGUE, { kind: 'league', double: false }, LEAGUE_KEYS);
    expect(league.events).toHaveLength(6);
    // Tapti Tigers win all three of theirs; of the others' matches the home side wins.
    const tapti = league.teams[0]._id;
    for (const event of league.events) await declare(operator, event._id, (teamIds) => (teamIds.includes(tapti) ? tapti : teamIds[0]));
    await page.goto(`/events?tournamentId=${leagueId}`);
    const stage = page.getByTestId('tournament-stage');
    await expect.poll(() => stage.textContent(), { timeout: LIVE_TIMEOUT }).toBe(`Finished · Champion: ${LEAGUE[0]}`);
    expect(await stage.getAttribute('class')).toContain('is-finished');
    await page.getByRole('navigation', { name: 'Tournament' }).getByRole('link', { name: 'Table' }).click();
    const table = page.getByRole('table', { name: 'Points table' });
    await expect.poll(() => table.locator('tbody tr').first().getByRole('rowheader').textContent()).toBe(LEAGUE[0]);
    // The line stays above the table too.
    expect((await stage.boundingBox())!.y).toBeLessThan((await table.boundingBox())!.y);
    await snap(page, 'finished-league-table');
    expect(await accessibilityProblems(page, WCAG_21)).toEqual([]);
    expect(visitor.problems).toEqual([]);
  });

  it('says a tournament scheduled match by match is finished once its matches are decided, naming no champion', async () => {
    const { page } = visitor;
    const { event, teams, tournamentId } = await createEvent(operator);
    await page.goto(`/events?tournamentId=${tournamentId}`);
    await page.locator(`#event-${event._id}`).waitFor();
    expect(await page.getByTestId('tournament-stage').count()).toBe(0);
    expect((await operator.post(`/admin/events/${event._id}/result`, { winnerTeamId: teams[1]._id })).status).toBe(202);
    const stage = page.getByTestId('tournament-stage');
    await expect.poll(() => stage.textContent(), { timeout: LIVE_TIMEOUT }).toBe('Finished');
    expect(await stage.getAttribute('class')).toContain('is-finished');
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      expect((await stage.boundingBox())!.y).toBeLessThan((await boxOf(page, `#event-${event._id}`)).y);
    }
    await page.setViewportSize(PHONE);
    await snap(page, 'finished-friendly');
    expect(visitor.problems).toEqual([]);
  });
});

/** Names drawn past their box's edge, and a page wider than the screen. */
function bracketOverflow(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const frame of document.querySelectorAll<SVGSVGElement>('.bracket svg')) {
      const width = frame.width.baseVal.value;
      for (const text of frame.querySelectorAll<SVGTextElement>('text')) {
        const box = text.getBBox();
        if (box.x < 0 || box.x + box.width > width + 0.5) problems.push(`"${text.textContent}" spills out of its box`);
      }
    }
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide on a ${root.clientWidth} px screen`);
    return problems;
  });
}

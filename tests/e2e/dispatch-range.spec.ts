/**
 * Issue 28: the dispatch board's date range follows its view. Moving to the next month shows that
 * month's jobs, the chip names the range shown, and a job scheduled in view that a default filter
 * leaves out is counted on the board ("N jobs hidden by filters") with a way to clear.
 */
import { addDays, dateInZone, zonedDateTimeToInstant } from '../../src/domain/dates.js';
import { monthRange } from '../../src/domain/dispatch.js';
import { expect, expectAccessible, test } from './fixtures';

const ZONE = 'America/New_York';

test('the range follows month navigation; hidden jobs are counted and can be shown', async ({ signedIn: page, f }) => {
  const today = dateInZone(new Date(), ZONE);
  const next = monthRange(today, 1);
  const later = monthRange(today, 2);
  const mid = addDays(next.from, 14);
  const location = await f.location({ name: 'Range Works' });
  // Scheduled and due next month: on the board once it shows next month.
  const visit = await f.job({
    name: 'Next month visit',
    locationId: location.id,
    status: 'scheduled',
    scheduleStart: zonedDateTimeToInstant(mid, '10:00', ZONE),
    timePeriodStart: today,
    timePeriodDue: addDays(mid, 3),
  });
  // Scheduled next month but due today: the due-date range of next month leaves it out.
  const early = await f.job({
    name: 'Due early visit',
    locationId: location.id,
    status: 'scheduled',
    scheduleStart: zonedDateTimeToInstant(addDays(mid, 1), '13:00', ZONE),
    timePeriodStart: today,
    timePeriodDue: today,
  });
  const block = (id: string) => page.locator(`[data-job-block="${id}"]:not([data-drag-ghost])`);
  const chips = page.getByTestId('filter-chips');

  await page.goto('/jobs/dispatch?view=month');
  await expect(chips).toContainText('Jobs Due By This Month');
  await expect(page.getByTestId('period-label')).toBeVisible();

  // The next month by keyboard: its range, its job.
  await page.getByRole('button', { name: 'Next month', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(chips).toContainText('Jobs Due By Next Month');
  await expect(block(visit.id)).toBeVisible();
  await expect(block(early.id)).toHaveCount(0);

  // The job scheduled in view but due earlier is counted, and Clear filters shows it.
  const note = page.getByTestId('hidden-by-filters');
  await expect(note).toHaveText(/^\d+ jobs? hidden by filters$/);
  await expectAccessible(page, 'hidden by filters');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(chips).toContainText('Jobs Scheduled Next Month');
  await expect(block(early.id)).toBeVisible();
  await expect(block(visit.id)).toBeVisible();
  await expect(note).toHaveCount(0);

  // Two months on: the chip names that month.
  await page.getByRole('button', { name: 'Next month', exact: true }).click();
  const laterName = new Date(`${later.from}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(chips).toContainText(`Jobs Scheduled ${laterName}`);
  await expect(block(visit.id)).toHaveCount(0);
});

import { CalendarDays, Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import type { CalendarFeed, CalendarFeedCreated } from '../../../domain/calendar-feeds';
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK } from '../../../domain/calendar-feeds';
import { errorMessage } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { useFormatDateTime } from '../../lib/company';
import { Badge } from '../../ui/badge';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { FormField, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import {
  useFeedsOverview,
  useMyFeed,
  usePutMyFeed,
  usePutOfficeFeed,
  useRemoveFeed,
  useRemoveMyFeed,
} from './api/calendar-feeds-api';

/** The URL just made, for whom; it is shown this once (only its hash is kept). */
interface NewUrl {
  owner: string;
  url: string;
}

/** What the confirmation dialog is about to do. */
type Pending = {
  action: 'regenerate' | 'remove';
  owner: string;
  /** A regeneration answers the new URL. */
  run: () => Promise<CalendarFeedCreated | null | void>;
} | null;

/**
 * /settings/calendar-feeds (decision 049): a technician's own feed of their scheduled jobs, and for
 * admins and managers the offices' feeds (and the technicians' feeds, to turn one off).
 */
export default function CalendarFeedsPage() {
  const canOwn = useCan('calendarFeeds.own');
  const canManage = useCan('calendarFeeds.manage');
  const [newUrl, setNewUrl] = useState<NewUrl | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  const ask = (next: NonNullable<Pending>) => {
    setConfirmError(null);
    setPending(next);
  };
  const confirm = async () => {
    if (!pending) return;
    try {
      const created = await pending.run();
      setPending(null);
      // Once the confirmation has closed and given the focus back: the new URL's dialog opens from there.
      if (created) window.setTimeout(() => setNewUrl({ owner: pending.owner, url: created.url }), 0);
    } catch (error) {
      setConfirmError(errorMessage(error, 'Failed to change the calendar feed. Please try again.'));
    }
  };
  const shown = (owner: string) => (created: CalendarFeedCreated) => setNewUrl({ owner, url: created.url });

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Calendar Feeds"
        subtitle="Scheduled jobs in Google Calendar, Outlook or Apple Calendar"
        back={{ to: '/settings', label: 'Back to Settings' }}
      />
      {canOwn ? <MyFeedCard onCreated={shown('your jobs')} ask={ask} /> : null}
      {canManage ? <OfficeFeedsCard onCreated={shown} ask={ask} /> : null}
      {!canOwn && !canManage ? (
        <InfoBanner>
          Calendar feeds are for technicians (their own jobs) and for admins and managers (each office&apos;s jobs).
        </InfoBanner>
      ) : null}
      <Card>
        <CardHeader title="How it works" />
        <CardBody className="space-y-2 text-sm text-slate-700">
          <p>
            A feed lists the scheduled jobs from {FEED_DAYS_BACK} days back to {FEED_DAYS_AHEAD} days ahead, with the
            address, unit, contact and a link back to each job. Calendar apps read it again every hour or so (Google
            Calendar may take up to a day).
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li>Google Calendar: Other calendars, +, From URL.</li>
            <li>Outlook: Add calendar, Subscribe from web.</li>
            <li>Apple Calendar: File, New Calendar Subscription (or open the link on an iPhone).</li>
          </ul>
          <p>
            Anyone who has a feed&apos;s URL can read it. If a URL was shared by mistake or a phone was lost, regenerate
            it: the old URL stops working at once.
          </p>
        </CardBody>
      </Card>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={pending?.action === 'remove' ? 'Turn off this calendar feed?' : 'Regenerate the feed URL?'}
        description={
          pending?.action === 'remove'
            ? `The feed of ${pending.owner} stops working at once, and calendars subscribed to it stop updating.`
            : `The current URL of ${pending?.owner ?? 'this feed'} stops working at once; every calendar subscribed to it needs the new one.`
        }
        confirmLabel={pending?.action === 'remove' ? 'Turn Off' : 'Regenerate'}
        pendingLabel={pending?.action === 'remove' ? 'Turning off...' : 'Regenerating...'}
        tone={pending?.action === 'remove' ? 'danger' : 'primary'}
        onConfirm={confirm}
        error={confirmError}
      />
      <NewUrlDialog value={newUrl} onDone={() => setNewUrl(null)} />
    </div>
  );
}

/** The URL just made, in a dialog: copy it, or open it in the calendar app (webcal:). */
function NewUrlDialog({ value, onDone }: { value: NewUrl | null; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value.url);
      toast.success('Feed URL copied');
    } catch {
      input.current?.select();
      toast.message('Press Ctrl+C (or Cmd+C) to copy the selected URL');
    }
  };
  return (
    <Dialog
      open={value !== null}
      onOpenChange={(open) => (open ? undefined : onDone())}
      title={`New feed URL for ${value?.owner ?? ''}`}
      description="Copy it now: it is shown only this once. Paste it where your calendar app subscribes to a calendar."
      footer={
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      }
    >
      <div className="space-y-3">
        <FormField label="Feed URL">
          {(field) => (
            <TextInput
              {...field}
              ref={input}
              // The URL is what the dialog is for: it opens focused and selected, ready to copy.
              autoFocus
              readOnly
              value={value?.url ?? ''}
              onFocus={(e) => e.currentTarget.select()}
            />
          )}
        </FormField>
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={() => void copy()}>
            <Copy className="h-4 w-4" aria-hidden /> Copy URL
          </Button>
          <a
            className="inline-flex h-10 items-center px-2 text-sm font-medium text-blue-700 underline"
            href={value?.url.replace(/^https?:/, 'webcal:') ?? '#'}
          >
            Open in Calendar App
          </a>
        </div>
      </div>
    </Dialog>
  );
}

function FeedStatus({ feed }: { feed: CalendarFeed | null }) {
  const formatDateTime = useFormatDateTime();
  if (!feed) return <span className="text-sm text-slate-600">No feed</span>;
  return (
    <span className="text-sm text-slate-700">
      <Badge tone="green">On</Badge> URL made {formatDateTime(feed.createdAt)};{' '}
      {feed.lastFetchedAt ? `last read ${formatDateTime(feed.lastFetchedAt)}` : 'not read by a calendar app yet'}
    </span>
  );
}

function MyFeedCard({
  onCreated,
  ask,
}: {
  onCreated: (created: CalendarFeedCreated) => void;
  ask: (pending: NonNullable<Pending>) => void;
}) {
  const mine = useMyFeed(true);
  const put = usePutMyFeed();
  const remove = useRemoveMyFeed();
  const feed = mine.data?.feed ?? null;
  // A failure shows in the card's banner (put.isError).
  const make = () => put.mutateAsync().then(onCreated, () => undefined);
  return (
    <Card>
      <CardHeader title="My Calendar Feed" />
      <CardBody className="space-y-3">
        <p className="text-sm text-slate-700">
          <CalendarDays className="mr-1 inline h-4 w-4" aria-hidden />
          The jobs assigned to you, in your phone&apos;s calendar.
        </p>
        {mine.isError ? <ErrorBanner message={errorMessage(mine.error, 'Failed to load your calendar feed')} /> : null}
        {put.isError ? <ErrorBanner message={errorMessage(put.error, 'Failed to make the feed URL')} /> : null}
        {mine.isPending ? (
          <Spinner />
        ) : (
          <>
            <FeedStatus feed={feed} />
            <div className="flex flex-wrap gap-2">
              {feed ? (
                <>
                  <Button
                    onClick={() => ask({ action: 'regenerate', owner: 'your jobs', run: () => put.mutateAsync() })}
                  >
                    Regenerate URL
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => ask({ action: 'remove', owner: 'your jobs', run: () => remove.mutateAsync() })}
                  >
                    Turn Off
                  </Button>
                </>
              ) : (
                <Button onClick={() => void make()} disabled={put.isPending}>
                  {put.isPending ? 'Making...' : 'Get Feed URL'}
                </Button>
              )}
            </div>
          </>
        )}
      </CardBody>
    </Card>
  );
}

function OfficeFeedsCard({
  onCreated,
  ask,
}: {
  onCreated: (owner: string) => (created: CalendarFeedCreated) => void;
  ask: (pending: NonNullable<Pending>) => void;
}) {
  const overview = useFeedsOverview(true);
  const putOffice = usePutOfficeFeed();
  const remove = useRemoveFeed();
  const makeOffice = (office: string) => putOffice.mutateAsync(office).then(onCreated(office), () => undefined);
  const data = overview.data;
  return (
    <>
      <Card>
        <CardHeader title="Office Feeds" />
        <CardBody className="space-y-3">
          <p className="text-sm text-slate-700">
            One feed per office: the scheduled jobs whose office it is, with their technicians.
          </p>
          {overview.isError ? (
            <ErrorBanner message={errorMessage(overview.error, 'Failed to load the calendar feeds')} />
          ) : null}
          {putOffice.isError ? (
            <ErrorBanner message={errorMessage(putOffice.error, 'Failed to make the feed URL')} />
          ) : null}
          {overview.isPending ? <Spinner /> : null}
          {data ? (
            <ul className="divide-y divide-slate-200" aria-label="Office feeds">
              {data.offices.map(({ office, feed }) => (
                <li key={office} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="space-y-1">
                    <p className="font-medium text-slate-900">{office}</p>
                    <FeedStatus feed={feed} />
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {feed ? (
                      <>
                        <Button
                          size="sm"
                          aria-label={`Regenerate URL of ${office}`}
                          onClick={() =>
                            ask({ action: 'regenerate', owner: office, run: () => putOffice.mutateAsync(office) })
                          }
                        >
                          Regenerate URL
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`Turn off the feed of ${office}`}
                          onClick={() =>
                            ask({ action: 'remove', owner: office, run: () => remove.mutateAsync(feed.id) })
                          }
                        >
                          Turn Off
                        </Button>
                      </>
                    ) : (
                      <Button
                        size="sm"
                        aria-label={`Get feed URL of ${office}`}
                        disabled={putOffice.isPending}
                        onClick={() => void makeOffice(office)}
                      >
                        Get Feed URL
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
        </CardBody>
      </Card>
      {data ? (
        <Card>
          <CardHeader title="Technicians' Feeds" />
          <CardBody className="space-y-3">
            <p className="text-sm text-slate-700">
              Each technician makes their own feed from this page. Turn one off when a phone is lost or someone leaves.
            </p>
            {data.technicians.length === 0 ? (
              <p className="text-sm text-slate-600">No technician has a calendar feed.</p>
            ) : (
              <ul className="divide-y divide-slate-200" aria-label="Technicians' feeds">
                {data.technicians.map((t) => (
                  <li key={t.feed.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div className="space-y-1">
                      <p className="font-medium text-slate-900">
                        {t.name} {t.active ? null : <Badge tone="gray">Inactive</Badge>}
                      </p>
                      <FeedStatus feed={t.feed} />
                    </div>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Turn off the feed of ${t.name}`}
                      onClick={() => ask({ action: 'remove', owner: t.name, run: () => remove.mutateAsync(t.feed.id) })}
                    >
                      Turn Off
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </CardBody>
        </Card>
      ) : null}
    </>
  );
}

import { useState } from 'react';
import { isIsoDate } from '../../../../domain/dates';
import type { BoardJob } from '../../../../domain/dispatch';
import { durationChoices, formatDurationHm } from '../../../../domain/jobs/rules';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { FormField, SelectInput, TextInput } from '../../../ui/form-field';
import { DEFAULT_START_MINUTES, instantOf, UNASSIGNED_ROW, wallClock } from '../board-layout';
import { clockValue, parseClock } from '../board-period';
import { DISPATCH_TEXTS } from '../dispatch-texts';
import type { MoveRequest } from './use-move-flow';
import { acceptsJobs, type BoardRow } from './timeline';

/** The board accepts 0:30 to 8:00 from the dialog (the API up to 24:00, on the 30-minute grid). */
const DURATIONS = durationChoices({ min: 30, max: 480 });

/**
 * The keyboard way to move a block: technician row, date, start time and duration, or back to the
 * tray. It builds the same move a drag does.
 */
export function RescheduleDialog({
  target,
  rows,
  timeZone,
  defaultDate,
  onClose,
  onMove,
}: {
  target: { job: BoardJob; row: string | null } | null;
  rows: readonly BoardRow[];
  timeZone: string;
  defaultDate: string;
  onClose: () => void;
  onMove: (req: MoveRequest) => void;
}) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target ? `${DISPATCH_TEXTS.reschedule} Job #${target.job.number}` : DISPATCH_TEXTS.reschedule}
      description={target?.job.name}
    >
      {target ? (
        <RescheduleForm
          key={target.job.id}
          target={target}
          rows={rows}
          timeZone={timeZone}
          defaultDate={defaultDate}
          onClose={onClose}
          onMove={onMove}
        />
      ) : null}
    </Dialog>
  );
}

function RescheduleForm({
  target,
  rows,
  timeZone,
  defaultDate,
  onClose,
  onMove,
}: {
  target: { job: BoardJob; row: string | null };
  rows: readonly BoardRow[];
  timeZone: string;
  defaultDate: string;
  onClose: () => void;
  onMove: (req: MoveRequest) => void;
}) {
  const { job } = target;
  const at = wallClock(job, timeZone);
  const fromRow =
    target.row ??
    (job.technicianIds[0] && rows.some((r) => r.id === job.technicianIds[0]) ? job.technicianIds[0] : UNASSIGNED_ROW);
  const [row, setRow] = useState(fromRow);
  const [date, setDate] = useState(at?.date ?? defaultDate);
  const [time, setTime] = useState(clockValue(at?.minutes ?? DEFAULT_START_MINUTES));
  const [duration, setDuration] = useState(String(job.scheduleDuration || 60));
  const [errors, setErrors] = useState<{ date?: string; time?: string }>({});
  const durations = DURATIONS.includes(job.scheduleDuration)
    ? DURATIONS
    : [...DURATIONS, job.scheduleDuration].sort((a, b) => a - b);

  const rowChange = (req: MoveRequest): MoveRequest => {
    // From the tray a job keeps its technicians unless it lands on another row.
    if (target.row === null) return row === UNASSIGNED_ROW ? req : { ...req, fromRow: UNASSIGNED_ROW, toRow: row };
    return row === fromRow ? req : { ...req, fromRow, toRow: row };
  };

  const save = () => {
    const minutes = parseClock(time);
    const next: typeof errors = {};
    if (!isIsoDate(date)) next.date = 'Date is required';
    if (minutes === null) next.time = 'Start time is required';
    setErrors(next);
    if (next.date || next.time) return;
    const minutesValue = Number(duration);
    onMove(
      rowChange({
        job,
        scheduleStart: instantOf(date, minutes!, timeZone),
        ...(minutesValue !== job.scheduleDuration ? { scheduleDuration: minutesValue } : {}),
      }),
    );
    onClose();
  };

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <FormField label="Technician">
        {(props) => (
          <SelectInput {...props} value={row} onChange={(e) => setRow(e.target.value)}>
            {rows
              .filter((r) => r.id === fromRow || acceptsJobs(r))
              .map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
          </SelectInput>
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Date" error={errors.date}>
          {(props) => <TextInput {...props} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}
        </FormField>
        <FormField label="Start Time" error={errors.time}>
          {(props) => (
            <TextInput {...props} type="time" step={900} value={time} onChange={(e) => setTime(e.target.value)} />
          )}
        </FormField>
        <FormField label="Duration">
          {(props) => (
            <SelectInput {...props} value={duration} onChange={(e) => setDuration(e.target.value)}>
              {durations.map((m) => (
                <option key={m} value={m}>
                  {formatDurationHm(m)}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        {job.scheduleStart ? (
          <Button
            variant="secondary"
            className="mr-auto"
            onClick={() => {
              onMove({ job, scheduleStart: null });
              onClose();
            }}
          >
            Move to Unscheduled
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">Save</Button>
      </div>
    </form>
  );
}

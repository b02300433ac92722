import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { BoardAnswer, BoardJob, UnscheduledAnswer } from '../../../../domain/dispatch';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast';
import { moveJob, useInvalidateAfterMove, type MoveBody } from '../api/dispatch-api';
import { nextTechnicianIds, technicianOfRow, UNASSIGNED_ROW } from '../board-layout';
import { DISPATCH_TEXTS } from '../dispatch-texts';

/** A move of one job: its new start (null: to the tray) and, between rows, the row it left and the one it landed on. */
export interface MoveRequest {
  job: BoardJob;
  scheduleStart: string | null;
  scheduleDuration?: number;
  /** rows by id (UNASSIGNED_ROW for the Unassigned row); both or neither */
  fromRow?: string;
  toRow?: string;
  /** the request reverts an earlier move (its toast offers no Undo) */
  undo?: boolean;
}

/** The move's changes applied to the job as the server will apply them, drawn before the server answers. */
export function optimisticJob(req: MoveRequest): BoardJob {
  const { job } = req;
  const technicianIds =
    req.fromRow === undefined || req.toRow === undefined
      ? job.technicianIds
      : nextTechnicianIds(job.technicianIds, technicianOfRow(req.fromRow), technicianOfRow(req.toRow));
  return {
    ...job,
    scheduleStart: req.scheduleStart,
    scheduleDuration: req.scheduleDuration ?? job.scheduleDuration,
    status: req.scheduleStart ? 'scheduled' : 'unscheduled',
    technicianIds,
  };
}

/**
 * The move that puts the job back where `req` found it, given the job the server answered. When
 * the move took a technician off the job (landing on a row the job already had, or on Unassigned),
 * the undo adds that technician back.
 */
export function undoRequest(req: MoveRequest, moved: BoardJob): MoveRequest {
  const back: MoveRequest = { job: moved, scheduleStart: req.job.scheduleStart, undo: true };
  if (moved.scheduleDuration !== req.job.scheduleDuration) back.scheduleDuration = req.job.scheduleDuration;
  if (req.fromRow !== undefined && req.toRow !== undefined && req.fromRow !== req.toRow) {
    const from = technicianOfRow(req.fromRow);
    const to = technicianOfRow(req.toRow);
    const removedFrom = to === null || req.job.technicianIds.includes(to);
    if (!removedFrom) {
      back.fromRow = req.toRow;
      back.toRow = req.fromRow;
    } else if (from !== null) {
      back.fromRow = UNASSIGNED_ROW;
      back.toRow = req.fromRow;
    }
  }
  return back;
}

/**
 * Saves a move on drop (or from the Reschedule dialog): the block moves at once, the server's
 * answer replaces it, and a toast offers Undo. A failed save puts the block back and shows the
 * error; an overlap asks to confirm and resends with the confirmation; a 409 conflict (someone
 * else changed the job) says so and refreshes the board.
 */
/** The board's jobs with `job` in its new state (added when it was not on the board's page and is now scheduled). */
export function withBoardJob(board: BoardAnswer, job: BoardJob): BoardAnswer {
  if (board.jobs.some((j) => j.id === job.id))
    return { ...board, jobs: board.jobs.map((j) => (j.id === job.id ? job : j)) };
  return job.scheduleStart ? { ...board, jobs: [...board.jobs, job] } : board;
}

/** The tray's list with `job` in its new state: in it while unscheduled and open, out of it otherwise (the total follows). */
export function withTrayJob(tray: UnscheduledAnswer, job: BoardJob): UnscheduledAnswer {
  const inTray = !job.scheduleStart && job.status !== 'completed' && job.status !== 'cancelled';
  const present = tray.jobs.some((j) => j.id === job.id);
  if (inTray)
    return present
      ? { ...tray, jobs: tray.jobs.map((j) => (j.id === job.id ? job : j)) }
      : { jobs: [job, ...tray.jobs], total: tray.total + 1 };
  return present ? { jobs: tray.jobs.filter((j) => j.id !== job.id), total: Math.max(0, tray.total - 1) } : tray;
}

export function useMoveFlow(
  boardKey: QueryKey,
  trayKey: QueryKey,
  describe: (req: MoveRequest, moved: BoardJob) => string,
) {
  const client = useQueryClient();
  const invalidate = useInvalidateAfterMove();
  const [error, setError] = useState<string | null>(null);
  const [overlap, setOverlap] = useState<{ message: string; req: MoveRequest } | null>(null);
  const describeRef = useRef(describe);
  describeRef.current = describe;

  const replaceJob = (job: BoardJob) => {
    client.setQueryData<BoardAnswer>(boardKey, (board) => (board ? withBoardJob(board, job) : board));
    client.setQueryData<UnscheduledAnswer>(trayKey, (tray) => (tray ? withTrayJob(tray, job) : tray));
  };

  const run = async (req: MoveRequest, confirmOverlap = false): Promise<void> => {
    setError(null);
    await Promise.all([client.cancelQueries({ queryKey: boardKey }), client.cancelQueries({ queryKey: trayKey })]);
    replaceJob(optimisticJob(req));
    const body: MoveBody = { scheduleStart: req.scheduleStart, expectedUpdatedAt: req.job.updatedAt, confirmOverlap };
    if (req.scheduleDuration !== undefined) body.scheduleDuration = req.scheduleDuration;
    if (req.fromRow !== undefined && req.toRow !== undefined && req.fromRow !== req.toRow) {
      body.fromTechnicianId = technicianOfRow(req.fromRow);
      body.toTechnicianId = technicianOfRow(req.toRow);
    }
    try {
      const { job: moved } = await moveJob(req.job.id, body);
      replaceJob(moved);
      invalidate();
      const text = req.undo ? DISPATCH_TEXTS.moveUndone(moved.number) : describeRef.current(req, moved);
      toast.success(
        text,
        req.undo
          ? {}
          : { duration: 10_000, action: { label: 'Undo', onClick: () => void run(undoRequest(req, moved)) } },
      );
    } catch (caught) {
      // The block goes back where it was.
      replaceJob(req.job);
      if (caught instanceof ApiError && caught.status === 409 && caught.fields.confirmOverlap) {
        setOverlap({ message: caught.message, req });
        return;
      }
      if (caught instanceof ApiError && caught.status === 409 && caught.fields.expectedUpdatedAt) {
        setError(caught.message);
        invalidate();
        return;
      }
      setError(errorMessage(caught, DISPATCH_TEXTS.moveFailed));
    }
  };

  const overlapDialog = (
    <ConfirmDialog
      open={overlap !== null}
      onOpenChange={(open) => !open && setOverlap(null)}
      title={DISPATCH_TEXTS.overlapTitle}
      description={overlap?.message ?? ''}
      confirmLabel={DISPATCH_TEXTS.overlapConfirm}
      tone="primary"
      onConfirm={() => {
        const pending = overlap;
        setOverlap(null);
        if (pending) void run(pending.req, true);
      }}
    />
  );

  return { run, error, clearError: () => setError(null), overlapDialog };
}

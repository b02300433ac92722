import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isUuidV4 } from '../../domain/ids';
import { ApiError, errorMessage } from '../lib/api-client';
import { ErrorBanner } from './banner';
import { Spinner } from './spinner';

/** The route's id when it is a well-formed id (a v4 UUID), else undefined: pass it to the query. */
export function validId(id: string | undefined): string | undefined {
  return isUuidV4(id) ? id : undefined;
}

export interface DetailScreenProps<T> {
  /** The id from the route, as typed in the address bar. */
  id: string | undefined;
  /** The record's query, enabled only for a valid id (`useUnit(validId(id))`). */
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data'>;
  /** "Invalid unit ID format": shown without asking the server. */
  invalidMessage: string;
  /** "Unit not found": the server answered 404. */
  notFoundMessage: string;
  /** The screen's wording for any other failure (a 4xx message from the server wins). */
  errorMessage: string;
  /** "Loading unit..." */
  loadingLabel: string;
  /** Where the error's link goes: the list the record belongs to. */
  back: { to: string; label: string };
  /** The screen itself, once the record is here. */
  children: (data: T) => ReactNode;
}

/**
 * The frame of every screen that shows or edits one record: a malformed id, loading, not found
 * and any other failure each show the same way (a red banner and the way back); the children
 * render only with the record.
 */
export function DetailScreen<T>({ children, ...props }: DetailScreenProps<T>) {
  const gate = detailGate(props);
  return <>{gate ?? children(props.query.data as T)}</>;
}

/**
 * What DetailScreen shows while the record is not here (null once it is), for a screen that waits
 * on two records (Add Unit at a location being edited...): `const wait = detailGate(a) ?? detailGate(b)`.
 */
export function detailGate<T>({
  id,
  query,
  invalidMessage,
  notFoundMessage,
  errorMessage: failure,
  loadingLabel,
  back,
}: Omit<DetailScreenProps<T>, 'children'>): ReactNode | null {
  if (!isUuidV4(id)) return <DetailProblem message={invalidMessage} back={back} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return <DetailProblem message={notFound ? notFoundMessage : errorMessage(query.error, failure)} back={back} />;
  }
  if (query.isPending || query.data === undefined) return <Spinner label={loadingLabel} />;
  return null;
}

/** A detail screen's problem ("Company not found", "Invalid unit ID format", ...) with its way back. */
export function DetailProblem({
  message,
  back,
  title,
}: {
  message: string;
  back: { to: string; label: string };
  title?: string;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      {title ? <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1> : null}
      <ErrorBanner message={message} />
      <Link to={back.to} className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {back.label}
      </Link>
    </div>
  );
}

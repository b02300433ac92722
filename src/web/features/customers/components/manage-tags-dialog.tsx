import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, X } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import {
  addCompanyTagInput,
  normalizeTagName,
  tagKey,
  type AddCompanyTagInput,
  type Tag,
  type TagSuggestion,
} from '../../../../domain/tags';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useDebounced } from '../../../lib/use-debounced';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Combobox } from '../../../ui/combobox';
import { Dialog } from '../../../ui/dialog';
import { FormField, textInputClass } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useAddCompanyTag, useRemoveCompanyTag, useTagSuggestions } from '../api/customers-api';

/** A choice of the type-ahead: an existing tag, or the typed name as a new one. */
type TagChoice = { kind: 'existing'; tag: TagSuggestion } | { kind: 'new'; name: string };

/**
 * Manage Tags (issue 28): the company's tags with a remove button each, and one box that suggests
 * the existing tags as one types and adds the typed name as a new tag when none matches.
 */
export function ManageTagsDialog({
  open,
  onOpenChange,
  companyId,
  companyName,
  tags,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companyId: string;
  companyName: string;
  tags: readonly Tag[];
}) {
  const form = useForm<AddCompanyTagInput, unknown, AddCompanyTagInput>({
    resolver: zodResolver(addCompanyTagInput),
    defaultValues: { name: '' },
  });
  const { formState, handleSubmit, setValue, watch, reset, setError, setFocus } = form;
  const name = watch('name');
  const typed = normalizeTagName(name);
  const q = useDebounced(typed, 150);
  const suggestions = useTagSuggestions(q, open);
  const add = useAddCompanyTag();
  const remove = useRemoveCompanyTag();

  useEffect(() => {
    if (open) reset({ name: '' });
  }, [open, reset]);

  const have = useMemo(() => new Set(tags.map((t) => tagKey(t.name))), [tags]);
  const choices = useMemo<TagChoice[]>(() => {
    const found = (suggestions.data?.items ?? []).filter((t) => !have.has(tagKey(t.name)));
    const list: TagChoice[] = found.map((tag) => ({ kind: 'existing', tag }));
    const exists = (suggestions.data?.items ?? []).some((t) => tagKey(t.name) === tagKey(typed));
    if (typed && !exists && !have.has(tagKey(typed))) list.push({ kind: 'new', name: typed });
    return list;
  }, [suggestions.data, have, typed]);

  const save = async (input: AddCompanyTagInput) => {
    if (have.has(tagKey(input.name))) {
      setError('name', { message: `${companyName} already has the tag ${input.name}` });
      return;
    }
    try {
      await add.mutateAsync({ companyId, input });
      toast.success(`Tag ${input.name} added`);
      reset({ name: '' });
      // Back to the box for the next tag (after the list of tags has redrawn).
      requestAnimationFrame(() => setFocus('name'));
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, { known: ['name'] }))
        setError('root', { message: errorMessage(error, 'Failed to add the tag') });
    }
  };
  const choose = (choice: TagChoice) => {
    const picked = choice.kind === 'existing' ? choice.tag.name : choice.name;
    setValue('name', picked);
    void handleSubmit(save)();
  };
  const nameField = form.register('name');

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Manage Tags"
      description={`Tags of ${companyName}: add one by typing its name, or remove one.`}
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Done
        </Button>
      }
    >
      <div className="space-y-4">
        {formState.errors.root?.message ? <ErrorBanner message={formState.errors.root.message} /> : null}
        {remove.isError ? <ErrorBanner message={errorMessage(remove.error, 'Failed to remove the tag')} /> : null}
        <section aria-label="Current tags">
          {tags.length === 0 ? (
            <p className="text-sm text-slate-600">No tags yet.</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label={`Tags of ${companyName}`}>
              {tags.map((t) => (
                <li
                  key={t.id}
                  className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-3 text-sm text-indigo-900"
                >
                  {t.name}
                  <button
                    type="button"
                    className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-blue-600"
                    aria-label={`Remove tag ${t.name}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(
                        { companyId, tagId: t.id },
                        { onSuccess: () => toast.success(`Tag ${t.name} removed`) },
                      )
                    }
                  >
                    <X className="h-3.5 w-3.5" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <form
          noValidate
          className="flex items-start gap-2"
          onSubmit={(e) => {
            e.stopPropagation();
            void handleSubmit(save)(e);
          }}
        >
          <FormField label="Add a tag" error={formState.errors.name?.message} className="flex-1">
            {(field) => (
              <Combobox<TagChoice>
                value={name}
                onValueChange={(text) => setValue('name', text, { shouldValidate: formState.isSubmitted })}
                options={choices}
                getKey={(c) => (c.kind === 'existing' ? c.tag.id : `new:${c.name}`)}
                getLabel={(c) => (c.kind === 'existing' ? c.tag.name : c.name)}
                renderOption={(c) =>
                  c.kind === 'existing' ? (
                    <>
                      <span className="font-medium text-slate-800">{c.tag.name}</span>
                      <span className="ml-2 text-xs text-slate-600">
                        {c.tag.companyCount} {c.tag.companyCount === 1 ? 'company' : 'companies'}
                      </span>
                    </>
                  ) : (
                    <span className="text-slate-800">
                      Create tag <span className="font-medium">&ldquo;{c.name}&rdquo;</span>
                    </span>
                  )
                }
                heading="Tags"
                listLabel="Tag suggestions"
                // In the list's flow, not over it: the dialog's body scrolls and would clip a popup.
                popupClassName="static! max-h-48"
                onSelect={choose}
                inputProps={{
                  ...field,
                  name: nameField.name,
                  ref: nameField.ref,
                  onBlur: nameField.onBlur,
                  autoComplete: 'off',
                  placeholder: 'Type a tag name',
                  className: textInputClass(field['aria-invalid']),
                }}
              />
            )}
          </FormField>
          <Button type="submit" className="mt-6" disabled={add.isPending}>
            <Plus className="h-4 w-4" aria-hidden /> Add
          </Button>
        </form>
      </div>
    </Dialog>
  );
}

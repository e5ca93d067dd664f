import { zodResolver } from '@hookform/resolvers/zod';
import { formatInr, MAX_CART_QUANTITY, type ContactMessage } from '@isaac/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Button, cx, DateField, Modal, TextAreaField, TextField } from '~/components/ui';
import { formatIndianDate } from '~/lib/format';
import { ApiError, errorMessage } from '~/lib/api-client';
import { useCreateQuote } from '../../api/create-quote';
import {
  catalogOptionLabel,
  minValidUntil,
  QUOTE_CATALOG_GROUPS,
  quoteFormDefaults,
  quoteFormSchema,
  quoteServerErrors,
  rupeesToPaise,
  toQuoteBody,
  type QuoteFormInput,
  type QuoteFormValues,
} from '../../model/quote-form';

const FORM_ID = 'admin-quote-form';
const SELECT =
  'block w-full rounded-lg border bg-slate-900/70 px-3 py-2 text-sm text-slate-100 transition-colors ' +
  'focus:outline-2 focus:outline-offset-0 focus:outline-sky-500';

interface QuoteFormDialogProps {
  /** The lead the quote answers (its name, e-mail and product prefill the form), or null for a new one. */
  lead: ContactMessage | null;
  onClose: () => void;
}

/**
 * The quote form in a dialog: the customer (from the lead), catalog lines with quantities (add, remove),
 * the package price in rupees, the last valid day (today or later; 14 days by default) and a note. The
 * contract's rules check it as it is sent; the server's refusals land on their fields, or above the form.
 */
export function QuoteFormDialog({ lead, onClose }: QuoteFormDialogProps) {
  const create = useCreateQuote();
  const fieldId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<QuoteFormInput, unknown, QuoteFormValues>({
    resolver: zodResolver(quoteFormSchema),
    defaultValues: quoteFormDefaults(lead),
  });
  const lines = useFieldArray({ control, name: 'items' });
  const price = useWatch({ control, name: 'price' });
  const pricePaise = rupeesToPaise(price ?? '');

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    create.mutate(toQuoteBody(values, lead?._id ?? null), {
      onSuccess: onClose,
      onError: (err) => {
        const onFields = quoteServerErrors(err);
        onFields.forEach(([field, message], i) =>
          setError(field as FieldPath<QuoteFormInput>, { message }, { shouldFocus: i === 0 }),
        );
        if (onFields.length === 0 || !(err instanceof ApiError) || err.status !== 400) {
          setServerError(errorMessage(err, 'Could not send the quote'));
        }
      },
    });
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={lead ? `Quote for ${lead.name}` : 'New quote'}
      description="The customer is e-mailed a link to pay this price through the checkout."
      size="lg"
      busy={create.isPending}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} loading={create.isPending}>
            {create.isPending ? 'Sending…' : 'Send quote'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
        {serverError ? (
          <p role="alert" className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-300">
            {serverError}
          </p>
        ) : null}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">Customer</legend>
          <TextField
            label="Customer name"
            required
            autoComplete="off"
            error={errors.customer_name?.message}
            {...register('customer_name')}
          />
          <TextField
            label="Email"
            type="email"
            required
            autoComplete="off"
            error={errors.customer_email?.message}
            {...register('customer_email')}
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="off"
            hint="Optional"
            error={errors.customer_phone?.message}
            {...register('customer_phone')}
          />
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="mb-1.5 text-sm font-medium text-slate-200">
            Items
            <span aria-hidden="true" className="ml-0.5 text-red-400">
              *
            </span>
          </legend>
          <ol className="space-y-3">
            {lines.fields.map((line, index) => {
              const itemError = errors.items?.[index]?.id?.message;
              const quantityError = errors.items?.[index]?.quantity?.message;
              const itemId = `${fieldId}-item-${index}`;
              const quantityId = `${fieldId}-quantity-${index}`;
              return (
                <li key={line.id} className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[1fr_6rem_auto]">
                  <div className="col-span-2 sm:col-span-1">
                    <label htmlFor={itemId} className="sr-only">
                      Item {index + 1}
                    </label>
                    <select
                      id={itemId}
                      aria-invalid={itemError ? true : undefined}
                      aria-describedby={itemError ? `${itemId}-error` : undefined}
                      className={cx(SELECT, itemError ? 'border-red-500' : 'border-slate-600')}
                      {...register(`items.${index}.id`)}
                    >
                      <option value="">Choose an item</option>
                      {QUOTE_CATALOG_GROUPS.map((group) => (
                        <optgroup key={group.label} label={group.label}>
                          {group.items.map((item) => (
                            <option key={item.id} value={item.id}>
                              {catalogOptionLabel(item)}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </select>
                    {itemError ? (
                      <p id={`${itemId}-error`} role="alert" className="mt-1 text-sm text-red-400">
                        {itemError}
                      </p>
                    ) : null}
                  </div>
                  <div>
                    <label htmlFor={quantityId} className="sr-only">
                      Quantity of item {index + 1}
                    </label>
                    <input
                      id={quantityId}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={MAX_CART_QUANTITY}
                      aria-invalid={quantityError ? true : undefined}
                      aria-describedby={quantityError ? `${quantityId}-error` : undefined}
                      className={cx(SELECT, quantityError ? 'border-red-500' : 'border-slate-600')}
                      {...register(`items.${index}.quantity`, { valueAsNumber: true })}
                    />
                    {quantityError ? (
                      <p id={`${quantityId}-error`} role="alert" className="mt-1 text-sm text-red-400">
                        {quantityError}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove item ${index + 1}`}
                    title="Remove"
                    disabled={lines.fields.length === 1}
                    onClick={() => lines.remove(index)}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </li>
              );
            })}
          </ol>
          {errors.items?.message || errors.items?.root?.message ? (
            <p role="alert" className="text-sm text-red-400">
              {errors.items.message ?? errors.items.root?.message}
            </p>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            icon={<Plus aria-hidden="true" className="h-4 w-4" />}
            onClick={() => lines.append({ id: '', quantity: 1 })}
          >
            Add item
          </Button>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Package price (₹)"
            required
            inputMode="decimal"
            autoComplete="off"
            placeholder="250000"
            hint={pricePaise ? `${formatInr(pricePaise)} incl. GST` : 'In rupees, GST included'}
            error={errors.price?.message}
            {...register('price')}
          />
          <Controller
            control={control}
            name="valid_until"
            render={({ field }) => (
              <DateField
                label="Valid until"
                required
                hint={`dd/mm/yyyy, from ${formatIndianDate(minValidUntil())}`}
                error={errors.valid_until?.message}
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        </div>
        <TextAreaField
          label="Note for the customer"
          hint="Optional: what the package includes, the installation, …"
          error={errors.note?.message}
          {...register('note')}
        />
      </form>
    </Modal>
  );
}

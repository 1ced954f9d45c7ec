'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ConfirmAction } from '../../_ui/confirm-action';
import { DetailSection } from '../../_ui/detail-rows';
import { Field, FormAlert } from '../../_ui/field';
import { officeFetch, OfficeProblem } from '../../_ui/office-fetch';
import { useOfficeT } from '../../_ui/t';
import { useFieldErrors, useProblemText } from '../../_ui/use-problem-text';

interface OrderFacts {
  id: string;
  status: string;
  method: string;
  /** The order's amount as staff type it (1440.00). */
  amount: string;
  amountText: string;
  /** What is left to refund, written out. */
  left: string;
}

const today = () => new Date().toISOString().slice(0, 10);

/** What staff can do to an order in its state; each asks first, and the page reloads with the new state. */
export function OrderActions({ order }: { order: OrderFacts }) {
  const t = useOfficeT('Orders');
  const problemText = useProblemText();
  const fieldErrors = useFieldErrors();
  const router = useRouter();
  const [received, setReceived] = useState({ amount: order.amount, receivedOn: today() });
  const [refund, setRefund] = useState({ amount: '', releaseSeats: false });
  const [mismatch, setMismatch] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [done, setDone] = useState('');

  async function act(path: string, body?: unknown) {
    setAlert('');
    setDone('');
    setErrors({});
    try {
      await officeFetch(`/orders/${order.id}/${path}`, { method: 'POST', body });
      setDone(t('done'));
      setMismatch(false);
      router.refresh();
    } catch (err) {
      if (err instanceof OfficeProblem && err.errors.some((e) => e.message === 'amountMismatch')) setMismatch(true);
      setErrors(fieldErrors(err));
      setAlert(problemText(err));
    }
  }

  const transfer = order.method === 'bank_transfer' && order.status === 'awaiting_transfer';
  const unpaid = order.status === 'awaiting_transfer' || order.status === 'pending';
  const refundable = order.method === 'stripe' && order.status === 'paid';
  return (
    <DetailSection id="actions" title={t('actions')}>
      <FormAlert message={alert} />
      {done ? <p role="status">{done}</p> : null}
      {transfer ? (
        <div className="grid gap-2 rounded-md border border-gray-200 p-3">
          <h3 className="font-semibold">{t('confirmTransfer')}</h3>
          <Field
            label={t('amountReceived')}
            inputMode="decimal"
            value={received.amount}
            error={errors.amount}
            onChange={(e) => setReceived((r) => ({ ...r, amount: e.target.value }))}
          />
          <Field
            label={t('receivedOn')}
            type="date"
            value={received.receivedOn}
            error={errors.receivedOn}
            onChange={(e) => setReceived((r) => ({ ...r, receivedOn: e.target.value }))}
          />
          {mismatch ? (
            <>
              <p className="text-sm">{t('mismatch', { amount: order.amountText })}</p>
              <ConfirmAction
                label={t('acceptMismatch')}
                question={t('confirmTransferQuestion')}
                onConfirm={() => act('paid', { ...received, confirmMismatch: true })}
              />
            </>
          ) : (
            <ConfirmAction label={t('confirmTransfer')} question={t('confirmTransferQuestion')} onConfirm={() => act('paid', received)} />
          )}
        </div>
      ) : null}
      {transfer ? <ConfirmAction label={t('resend')} question={t('resendQuestion')} onConfirm={() => act('resend')} /> : null}
      {unpaid ? <ConfirmAction danger label={t('cancel')} question={t('cancelQuestion')} onConfirm={() => act('cancel')} /> : null}
      {refundable ? (
        <div className="grid gap-2 rounded-md border border-gray-200 p-3">
          <h3 className="font-semibold">{t('refund')}</h3>
          <Field
            label={t('refundAmount', { left: order.left })}
            inputMode="decimal"
            value={refund.amount}
            error={errors.amount}
            onChange={(e) => setRefund((r) => ({ ...r, amount: e.target.value }))}
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={refund.releaseSeats}
              onChange={(e) => setRefund((r) => ({ ...r, releaseSeats: e.target.checked }))}
            />
            {t('releaseSeats')}
          </label>
          <ConfirmAction
            danger
            label={t('refund')}
            question={t('refundQuestion')}
            onConfirm={() =>
              act('refund', { releaseSeats: refund.releaseSeats, ...(refund.amount.trim() ? { amount: refund.amount } : {}) })
            }
          />
        </div>
      ) : null}
      {!transfer && !unpaid && !refundable ? <p className="text-sm text-muted">{t('noActions')}</p> : null}
    </DetailSection>
  );
}

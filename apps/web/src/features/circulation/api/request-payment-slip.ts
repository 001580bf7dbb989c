import { API_PATHS, PaymentSlipSchema, type PaymentSlip, type PaymentSlipRequest } from '@estante/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /unidade-informacao/gru {valor, codBiblioteca}: a payment slip for up to what is owed at one library. */
export function requestPaymentSlip(request: PaymentSlipRequest): Promise<PaymentSlip> {
  return apiPost(API_PATHS.paymentSlip, PaymentSlipSchema, { body: request, auth: 'private' });
}

import type { CreateOrderBody, CreateOrderResponse } from '@isaac/contract';
import { ApiError, apiRequest } from '~/lib/api-client';
import { orderCreationFailed } from '../payment-errors';

/** POST /api/create-order. A non-OK answer raises 'Order creation failed: {status}' (spec section 7). */
export async function createOrder(body: CreateOrderBody): Promise<CreateOrderResponse> {
  try {
    return await apiRequest<CreateOrderResponse>('/api/create-order', { method: 'POST', body });
  } catch (error) {
    if (error instanceof ApiError) throw orderCreationFailed(error.status);
    throw error;
  }
}

import { redirect } from 'react-router'
import { DEFAULT_PAYMENT_PLAN_ID, paymentPath } from '@comics/core'

// /payment is the default plan's payment page (spec §2), for the browser and the server alike.
export const loader = () => redirect(paymentPath(DEFAULT_PAYMENT_PLAN_ID), 302)
export const clientLoader = () => redirect(paymentPath(DEFAULT_PAYMENT_PLAN_ID))

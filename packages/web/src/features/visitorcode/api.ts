import { ROUTES } from '@gatehouse/contracts';
import { mutation } from '../../api/client.ts';

/** A visitor QR code for a door unit (001 §2). */
export const createQrcode = mutation(ROUTES.qrcode.createQrcode);

import { useSyncExternalStore } from 'react';
import { isOnline, subscribeOnline } from '../network/connectivity';

/** Whether the server can be reached: the browser's events and real requests together (see connectivity.ts). */
export const useOnline = () => useSyncExternalStore(subscribeOnline, isOnline, () => true);

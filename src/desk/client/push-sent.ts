import { deskBase, deskPath } from "../desk-routes";

// What every desk page needs of the notifications, kept apart from push-device.ts so the first load
// stays small: the worker's registration, and whether this phone was turned on here.

/** localStorage: the endpoint this browser last gave the desk (push-device.ts keeps it). */
export const SENT_KEY = "desk:push-endpoint";

export const sentEndpoint = (): string | null => localStorage.getItem(SENT_KEY);

/** The desk's worker, registered for the desk's scope (the server allows it: Service-Worker-Allowed). */
export const registerWorker = (): Promise<ServiceWorkerRegistration> => navigator.serviceWorker.register(deskPath.serviceWorker, { scope: deskBase });

export const canPush = (): boolean => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
